import Foundation
import GRDB

/// Reads and writes the generic `cache_entries` table that backs the repositories' caches.
public struct CacheTable: Sendable {
  /// Creates the `cache_entries` table; part of ``Database/builtInMigrations``.
  public static let migration = DatabaseMigration("infrastructure.cache-entries.v1") { db in
    try db.execute(
      sql: """
        CREATE TABLE IF NOT EXISTS cache_entries (
          namespace TEXT NOT NULL,
          key TEXT NOT NULL,
          payload BLOB NOT NULL,
          fetched_at REAL NOT NULL,
          next_page_key TEXT,
          PRIMARY KEY (namespace, key)
        )
        """)
  }

  private let database: Database

  /// Creates access to the cache table of `database`.
  public init(database: Database) {
    self.database = database
  }

  /// The record stored under `namespace` and `key`, if any.
  public func record(namespace: String, key: String) async throws -> CacheRecord? {
    try await database.read { db in
      let row = try Row.fetchOne(
        db,
        sql: "SELECT payload, fetched_at, next_page_key FROM cache_entries WHERE namespace = ? AND key = ?",
        arguments: [namespace, key])
      return row.map { row in
        CacheRecord(
          namespace: namespace,
          key: key,
          payload: row["payload"],
          fetchedAt: Date(timeIntervalSince1970: row["fetched_at"]),
          nextPageKey: row["next_page_key"])
      }
    }
  }

  /// Stores `record`, replacing the one with the same namespace and key.
  public func save(_ record: CacheRecord) async throws {
    try await database.write { db in
      try db.execute(
        sql: """
          INSERT INTO cache_entries (namespace, key, payload, fetched_at, next_page_key)
          VALUES (?, ?, ?, ?, ?)
          ON CONFLICT (namespace, key) DO UPDATE SET
            payload = excluded.payload,
            fetched_at = excluded.fetched_at,
            next_page_key = excluded.next_page_key
          """,
        arguments: [
          record.namespace, record.key, record.payload, record.fetchedAt.timeIntervalSince1970, record.nextPageKey,
        ])
    }
  }

  /// Deletes the record under `namespace` and `key`, if any.
  public func delete(namespace: String, key: String) async throws {
    try await database.write { db in
      try db.execute(sql: "DELETE FROM cache_entries WHERE namespace = ? AND key = ?", arguments: [namespace, key])
    }
  }

  /// Deletes every record of `namespace`.
  public func deleteAll(namespace: String) async throws {
    try await database.write { db in
      try db.execute(sql: "DELETE FROM cache_entries WHERE namespace = ?", arguments: [namespace])
    }
  }
}
