/// The state of loading one key from the origin, kept apart from the data itself.
public enum DataState: Sendable {
  /// Nothing is being fetched and the last fetch, if any, succeeded.
  case fixed
  /// A fetch from the origin is running.
  case loading
  /// The last fetch failed; the cached data, if any, is untouched.
  case error(any Error)
}

extension DataState: Equatable {
  /// Compares the cases; errors are equal when their descriptions are.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case (.fixed, .fixed), (.loading, .loading): true
    case (.error(let left), .error(let right)): String(describing: left) == String(describing: right)
    default: false
    }
  }
}
