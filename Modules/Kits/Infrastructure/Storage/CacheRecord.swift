import Foundation

/// One row of the generic cache table: an encoded value stored under a namespace, an origin and a key.
public struct CacheRecord: Sendable, Equatable {
  /// The kind of data, e.g. `"weather.forecasts"`; keeps stores from reading each other's rows.
  public var namespace: String
  /// Where the value came from: the origin's URL, or a name such as `demo`. Switching origins never reads
  /// another origin's rows.
  public var origin: String
  /// The key within the namespace.
  public var key: String
  /// The encoded value.
  public var payload: Data
  /// When the value was fetched from its origin.
  public var fetchedAt: Date
  /// The key of the page after this value, for paged lists; `nil` when there is none.
  public var nextPageKey: String?

  /// Creates a record.
  public init(
    namespace: String, origin: String, key: String, payload: Data, fetchedAt: Date, nextPageKey: String? = nil
  ) {
    self.namespace = namespace
    self.origin = origin
    self.key = key
    self.payload = payload
    self.fetchedAt = fetchedAt
    self.nextPageKey = nextPageKey
  }
}
