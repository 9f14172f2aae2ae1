/// The origin side of a store: where fresh values come from (usually a remote API).
public protocol Fetcher<Key, Value>: Sendable {
  /// What identifies one value.
  associatedtype Key: Sendable
  /// The kind of value fetched.
  associatedtype Value: Sendable

  /// Fetches `key` from the origin: the first page when `pageKey` is `nil`, else the page it names.
  func fetch(_ key: Key, pageKey: String?) async throws -> FetchResult<Value>
}
