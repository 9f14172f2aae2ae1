import Foundation

/// The local side of a store: where values are kept between runs. A store never reads data from anywhere else.
public protocol Cacher<Key, Value>: Sendable {
  /// What identifies one value.
  associatedtype Key: Sendable
  /// The kind of value kept.
  associatedtype Value: Sendable

  /// The value kept for `key`, or `nil` when there is none (or none this version can read).
  func load(_ key: Key) async throws -> CachedValue<Value>?

  /// The values kept for `keys`, in their order (`nil` where there is none), in as few reads as the cacher can.
  func load(_ keys: [Key]) async throws -> [CachedValue<Value>?]

  /// Keeps `entry` for `key`, replacing what was there.
  func save(_ entry: CachedValue<Value>, for key: Key) async throws

  /// Forgets the value for `key`.
  func clear(_ key: Key) async throws

  /// Makes `value` the value of `key` as the user's change; returns whether it waits for the origin to take it.
  func write(_ value: Value, for key: Key, at date: Date) async throws -> Bool

  /// Whether `load(_:)` may answer a change waiting for the origin over what ``save(_:for:)`` kept.
  var keepsChanges: Bool { get }

  /// Where the changes ``write(_:for:at:)`` keeps wait (`pending_changes`), when it keeps them.
  var changeScope: ChangeScope? { get }

  /// `key` as `pending_changes` keeps it.
  func changeKey(_ key: Key) -> String
}

extension Cacher {
  /// One ``load(_:)-(Key)`` per key.
  public func load(_ keys: [Key]) async throws -> [CachedValue<Value>?] {
    var values: [CachedValue<Value>?] = []
    for key in keys { values.append(try await load(key)) }
    return values
  }

  /// Keeps `value` as the value of `key`, fetched at `date`: a cacher without a write side has no origin to wait
  /// for, so nothing waits.
  public func write(_ value: Value, for key: Key, at date: Date) async throws -> Bool {
    try await save(CachedValue(value: value, fetchedAt: date), for: key)
    return false
  }

  /// `false`: what is saved is what is loaded.
  public var keepsChanges: Bool { false }

  /// `nil`: no change waits.
  public var changeScope: ChangeScope? { nil }

  /// The key's description: no change of it waits.
  public func changeKey(_ key: Key) -> String { "\(key)" }
}
