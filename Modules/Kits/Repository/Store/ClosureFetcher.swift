/// A ``Fetcher`` made from a closure, for origins that need no type of their own.
public struct ClosureFetcher<Key: Sendable, Value: Sendable>: Fetcher {
  private let body: @Sendable (Key, String?) async throws -> FetchResult<Value>

  /// Creates a fetcher that calls `body` with the key and the page key (`nil` for the first page).
  public init(_ body: @escaping @Sendable (_ key: Key, _ pageKey: String?) async throws -> FetchResult<Value>) {
    self.body = body
  }

  /// Calls the closure.
  public func fetch(_ key: Key, pageKey: String?) async throws -> FetchResult<Value> {
    try await body(key, pageKey)
  }
}
