import Foundation
import Infrastructure

/// A ``Cacher`` that keeps JSON-encoded values in the database's generic `cache_entries` table.
///
/// Each kind of data uses its own namespace, and each origin its own rows within it: the same key fetched from
/// another server (another API URL, or a bundled demo instead of a real API) is another entry. A row this version
/// of the app cannot decode (its model changed) counts as absent, so it is fetched again and overwritten instead
/// of failing forever.
///
/// The user's changes go through ``write(_:for:at:)``: each is the key's new value. A cacher made with
/// `keepsChanges` writes it to the cache and keeps it in `pending_changes` as waiting for `origin`, in one
/// transaction, and its reads answer a waiting change over whatever the origin last said, until a sender delivers
/// it. Without it, the value is only cached, as if the origin had answered it, and nothing waits: the user's own
/// data, which no cache limit may prune, belongs in a ``LocalCacher``.
public struct SQLiteCacher<Key: Sendable, Value: Codable & Sendable>: Cacher {
  private let table: CacheTable
  private let changes: ChangeTable
  /// Whether the user's changes wait for the origin (and reads answer them over the origin's values).
  public let keepsChanges: Bool
  private let namespace: String
  private let origin: String
  private let tokenHash: String
  private let keyString: @Sendable (Key) -> String

  /// Creates a cacher storing under `namespace` the values of `origin` (its URL, or a name such as `demo`), with
  /// `keyString` turning a key into its stable text form.
  ///
  /// - Parameters:
  ///   - tokenHash: The SHA-256 of the token the origin is asked with, when its answers depend on who asks: each
  ///     token's answers are kept apart. Empty when they do not.
  ///   - keepsChanges: Whether the user's changes are written through it and wait for the origin.
  public init(
    database: Database, namespace: String, origin: String, tokenHash: String = "", keepsChanges: Bool = false,
    keyString: @escaping @Sendable (Key) -> String
  ) {
    table = CacheTable(database: database)
    changes = ChangeTable(database: database)
    self.keepsChanges = keepsChanges
    self.namespace = namespace
    self.origin = origin
    self.tokenHash = tokenHash
    self.keyString = keyString
  }

  /// Creates a cacher storing under `namespace` the values of `origin`, keyed by the keys' `description`.
  public init(
    database: Database, namespace: String, origin: String, tokenHash: String = "", keepsChanges: Bool = false
  ) where Key: LosslessStringConvertible {
    self.init(
      database: database, namespace: namespace, origin: origin, tokenHash: tokenHash, keepsChanges: keepsChanges
    ) { $0.description }
  }

  private var cacheOrigin: String { ChangeTable.cacheOrigin(origin, tokenHash: tokenHash) }

  /// The value kept for `key`, or `nil` when there is none or it cannot be decoded; a change waiting for the
  /// origin answers over the origin's value.
  public func load(_ key: Key) async throws -> CachedValue<Value>? {
    // With its change, in one read of the file.
    if keepsChanges { return try await load([key]).first ?? nil }
    guard let record = try await table.record(namespace: namespace, origin: cacheOrigin, key: keyString(key)) else {
      return nil
    }
    guard let value = try? JSONDecoder().decode(Value.self, from: record.payload) else { return nil }
    return CachedValue(value: value, fetchedAt: record.fetchedAt, nextPageKey: record.nextPageKey)
  }

  /// The values kept for `keys`, in their order, in one read of the file: the cache and, for a cacher that keeps
  /// changes, the changes that wait, laid over it (one snapshot, so a change delivered meanwhile is seen once).
  public func load(_ keys: [Key]) async throws -> [CachedValue<Value>?] {
    let texts = keys.map(keyString)
    let (records, waiting) =
      keepsChanges
      ? try await changes.cachedAndWaiting(namespace: namespace, origin: origin, tokenHash: tokenHash, keys: texts)
      : (try await table.records(namespace: namespace, origin: cacheOrigin, keys: texts), [:])
    let decoder = JSONDecoder()
    return texts.map { key in
      let record = records[key]
      if let waiting = waiting[key], let value = try? decoder.decode(Value.self, from: waiting.payload) {
        return CachedValue(
          value: value, fetchedAt: record?.fetchedAt ?? waiting.recordedAt, nextPageKey: record?.nextPageKey,
          waitsForOrigin: true)
      }
      guard let record, let value = try? decoder.decode(Value.self, from: record.payload) else { return nil }
      return CachedValue(value: value, fetchedAt: record.fetchedAt, nextPageKey: record.nextPageKey)
    }
  }

  /// Keeps `entry` for `key`, replacing what was there. A change waiting for the key stays: `load(_:)` answers
  /// it over `entry` until a sender delivers it.
  public func save(_ entry: CachedValue<Value>, for key: Key) async throws {
    let payload = try JSONEncoder().encode(entry.value)
    try await table.save(
      CacheRecord(
        namespace: namespace, origin: cacheOrigin, key: keyString(key), payload: payload, fetchedAt: entry.fetchedAt,
        nextPageKey: entry.nextPageKey))
  }

  /// Where the changes wait, when this cacher keeps them.
  public var changeScope: ChangeScope? {
    keepsChanges ? ChangeScope(namespace: namespace, origin: origin, tokenHash: tokenHash) : nil
  }

  /// `key` in its stable text form.
  public func changeKey(_ key: Key) -> String { keyString(key) }

  /// Makes `value` the value of `key` and, for a cacher that keeps changes, keeps it as waiting for the origin,
  /// in one transaction, replacing an intent that waits; returns whether it waits (`false`: the origin is this
  /// database).
  ///
  /// - Throws: Why the database could not record it, ``/Infrastructure/StorageError/readOnly(path:)`` included; nothing
  ///   is written then.
  public func write(_ value: Value, for key: Key, at date: Date) async throws -> Bool {
    try await changes.record(
      namespace: namespace, origin: origin, tokenHash: tokenHash, key: keyString(key),
      payload: try JSONEncoder().encode(value), waits: keepsChanges, at: date)
  }

  /// Forgets the value for `key`.
  public func clear(_ key: Key) async throws {
    try await table.delete(namespace: namespace, origin: cacheOrigin, key: keyString(key))
  }
}
