/// The local side of a store: where values are kept between runs. A store never reads data from anywhere else.
public protocol Cacher<Key, Value>: Sendable {
  /// What identifies one value.
  associatedtype Key: Sendable
  /// The kind of value kept.
  associatedtype Value: Sendable

  /// The value kept for `key`, or `nil` when there is none (or none this version can read).
  func load(_ key: Key) async throws -> CachedValue<Value>?

  /// Keeps `entry` for `key`, replacing what was there.
  func save(_ entry: CachedValue<Value>, for key: Key) async throws

  /// Forgets the value for `key`.
  func clear(_ key: Key) async throws
}
