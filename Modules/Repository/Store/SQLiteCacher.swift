import Foundation
import Infrastructure

/// A ``Cacher`` that keeps JSON-encoded values in the database's generic `cache_entries` table.
///
/// Each kind of data uses its own namespace, and each origin its own rows within it: the same key fetched from
/// another server (another API URL, or a bundled demo instead of a real API) is another entry. A row this version
/// of the app cannot decode (its model changed) counts as absent, so it is fetched again and overwritten instead
/// of failing forever.
public struct SQLiteCacher<Key: Sendable, Value: Codable & Sendable>: Cacher {
  private let table: CacheTable
  private let namespace: String
  private let origin: String
  private let keyString: @Sendable (Key) -> String

  /// Creates a cacher storing under `namespace` the values of `origin` (its URL, or a name such as `demo`), with
  /// `keyString` turning a key into its stable text form.
  public init(
    database: Database, namespace: String, origin: String, keyString: @escaping @Sendable (Key) -> String
  ) {
    table = CacheTable(database: database)
    self.namespace = namespace
    self.origin = origin
    self.keyString = keyString
  }

  /// Creates a cacher storing under `namespace` the values of `origin`, keyed by the keys' `description`.
  public init(database: Database, namespace: String, origin: String) where Key: LosslessStringConvertible {
    self.init(database: database, namespace: namespace, origin: origin) { $0.description }
  }

  /// The value kept for `key`, or `nil` when there is none or it cannot be decoded.
  public func load(_ key: Key) async throws -> CachedValue<Value>? {
    guard let record = try await table.record(namespace: namespace, origin: origin, key: keyString(key)) else {
      return nil
    }
    guard let value = try? JSONDecoder().decode(Value.self, from: record.payload) else { return nil }
    return CachedValue(value: value, fetchedAt: record.fetchedAt, nextPageKey: record.nextPageKey)
  }

  /// Keeps `entry` for `key`, replacing what was there.
  public func save(_ entry: CachedValue<Value>, for key: Key) async throws {
    let payload = try JSONEncoder().encode(entry.value)
    try await table.save(
      CacheRecord(
        namespace: namespace, origin: origin, key: keyString(key), payload: payload, fetchedAt: entry.fetchedAt,
        nextPageKey: entry.nextPageKey))
  }

  /// Forgets the value for `key`.
  public func clear(_ key: Key) async throws {
    try await table.delete(namespace: namespace, origin: origin, key: keyString(key))
  }
}
