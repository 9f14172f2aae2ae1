import Foundation

/// A one-shot answer of a store: the value and where it came from.
public struct StoreResponse<Value: Sendable>: Sendable {
  /// The value.
  public var value: Value
  /// Whether it was read from the cache or fetched from the origin for this answer.
  public var source: DataSource
  /// When the origin gave it.
  public var fetchedAt: Date
  /// Whether the freshness policy calls it stale.
  public var isStale: Bool
  /// Whether a paged list has more pages to request.
  public var hasNextPage: Bool
  /// Whether the value is the user's change, which its origin has not taken yet.
  public var waitsForOrigin: Bool

  /// Creates a response.
  public init(
    value: Value, source: DataSource, fetchedAt: Date, isStale: Bool, hasNextPage: Bool = false,
    waitsForOrigin: Bool = false
  ) {
    self.value = value
    self.source = source
    self.fetchedAt = fetchedAt
    self.isStale = isStale
    self.hasNextPage = hasNextPage
    self.waitsForOrigin = waitsForOrigin
  }
}

extension StoreResponse: Equatable where Value: Equatable {}
