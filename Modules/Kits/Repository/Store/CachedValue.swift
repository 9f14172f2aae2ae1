import Foundation

/// A value as the cache keeps it: the value, when the origin gave it, and the key of the page after it.
public struct CachedValue<Value: Sendable>: Sendable {
  /// The value.
  public var value: Value
  /// When the origin gave the value (for a paged list: its first page).
  public var fetchedAt: Date
  /// The key of the next page for paged lists; `nil` when there are no more pages.
  public var nextPageKey: String?
  /// Whether the value is the user's change, which its origin has not taken yet.
  public var waitsForOrigin: Bool

  /// Creates a cached value.
  public init(value: Value, fetchedAt: Date, nextPageKey: String? = nil, waitsForOrigin: Bool = false) {
    self.value = value
    self.fetchedAt = fetchedAt
    self.nextPageKey = nextPageKey
    self.waitsForOrigin = waitsForOrigin
  }
}

extension CachedValue: Equatable where Value: Equatable {}
