import Foundation

/// What a store can show for a key right now: the data together with the state of loading it.
///
/// Unlike a bare "loading" or "error", every case carries the content there is, so stale data stays on screen
/// while it is refreshed and when refreshing fails.
public enum LoadingState<Content> {
  /// The origin is being asked; `cached` is what the cache holds meanwhile, if anything.
  case loading(cached: Content?)
  /// The content is here: read from the cache or fetched from the origin, `fetchedAt` being when the origin
  /// last gave it.
  case completed(Content, source: DataSource, fetchedAt: Date)
  /// Asking the origin failed; `cached` is the (stale) content the cache still holds, if anything.
  case error(any Error, cached: Content?)

  /// The content of any case, if there is one.
  public var content: Content? {
    switch self {
    case .loading(let cached), .error(_, let cached): cached
    case .completed(let content, _, _): content
    }
  }

  /// Whether the origin is being asked.
  public var isLoading: Bool {
    if case .loading = self { true } else { false }
  }
}

extension LoadingState: Sendable where Content: Sendable {}

extension LoadingState: Equatable where Content: Equatable {
  /// Compares the cases and their contents; errors are equal when their descriptions are.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case (.loading(let left), .loading(let right)):
      left == right
    case (.completed(let left, let leftOrigin, let leftDate), .completed(let right, let rightOrigin, let rightDate)):
      left == right && leftOrigin == rightOrigin && leftDate == rightDate
    case (.error(let leftError, let left), .error(let rightError, let right)):
      String(describing: leftError) == String(describing: rightError) && left == right
    default:
      false
    }
  }
}
