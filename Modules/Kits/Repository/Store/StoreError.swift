/// Why a store could not answer, apart from the origin's or the cache's own errors.
public enum StoreError: Error, Equatable, Sendable {
  /// A cache-only read found nothing for the key.
  case notCached(key: String)
  /// The list was cleared while its next page was loading, so the page was dropped.
  case clearedWhileLoading(key: String)
}

extension StoreError: CustomStringConvertible {
  /// A one-line message.
  public var description: String {
    switch self {
    case .notCached(let key): "Nothing is stored for \(key) yet; fetch it first."
    case .clearedWhileLoading(let key): "\(key) was cleared while its next page was loading."
    }
  }
}
