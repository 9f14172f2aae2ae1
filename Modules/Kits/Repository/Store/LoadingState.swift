import Foundation

/// What a store can show for a key right now: the data, with where it came from and how old it is, together with
/// the state of loading it.
///
/// Unlike a bare "loading" or "error", every case carries the content there is, so stale data stays on screen
/// while it is refreshed and when refreshing fails, and its ``StoreResponse/fetchedAt`` says how old it is.
public enum LoadingState<Content: Sendable>: Sendable {
  /// The origin is being asked; `cached` is what the cache holds meanwhile, if anything.
  case loading(cached: StoreResponse<Content>?)
  /// The content is here: read from the cache or fetched from the origin.
  case completed(StoreResponse<Content>)
  /// Asking the origin failed, or a cache-only read found nothing (``StoreError/notCached(key:)``); `cached` is
  /// the (stale) content the cache still holds, if anything.
  case error(any Error, cached: StoreResponse<Content>?)

  /// The content of any case, with its provenance, if there is one.
  public var response: StoreResponse<Content>? {
    switch self {
    case .loading(let cached), .error(_, let cached): cached
    case .completed(let response): response
    }
  }

  /// The content of any case, if there is one.
  public var content: Content? { response?.value }

  /// Whether the origin is being asked.
  public var isLoading: Bool {
    if case .loading = self { true } else { false }
  }

  /// Whether this is a final answer of a read: completed or failed. A ``Store/stream(_:policy:)`` ends after it.
  public var isSettled: Bool { !isLoading }
}

extension LoadingState: Equatable where Content: Equatable {
  /// Compares the cases and their contents; errors are equal when their descriptions are.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case (.loading(let left), .loading(let right)):
      left == right
    case (.completed(let left), .completed(let right)):
      left == right
    case (.error(let leftError, let left), .error(let rightError, let right)):
      String(describing: leftError) == String(describing: rightError) && left == right
    default:
      false
    }
  }
}
