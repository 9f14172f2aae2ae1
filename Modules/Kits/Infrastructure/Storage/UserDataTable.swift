import Foundation
import GRDB

/// The generic `user_data` table: values that are the user's own (a mark, a setting made in the app), whose origin
/// is this database. Unlike `cache_entries`, nothing here is pruned by the cache's limits or deleted by `app cache
/// clear`.
public struct UserDataTable: Sendable {
  /// Creates the `user_data` table; part of ``Database/builtInMigrations``.
  public static let migration = DatabaseMigration("infrastructure.user-data.v1") { db in
    try db.execute(
      sql: """
        CREATE TABLE user_data (
          namespace TEXT NOT NULL,
          key TEXT NOT NULL,
          payload BLOB NOT NULL,
          updated_at REAL NOT NULL,
          PRIMARY KEY (namespace, key)
        )
        """)
  }

  private let database: Database

  /// Creates access to the user data of `database`.
  public init(database: Database) {
    self.database = database
  }

  /// The value kept under `namespace` and `key`, and when it was set; `nil` when none is.
  public func value(namespace: String, key: String) async throws -> (payload: Data, updatedAt: Date)? {
    try await database.read { db in
      try Row.fetchOne(
        db, sql: "SELECT payload, updated_at FROM user_data WHERE namespace = ? AND key = ?",
        arguments: [namespace, key]
      ).map { ($0["payload"], Date(timeIntervalSince1970: $0["updated_at"])) }
    }
  }

  /// The values kept under `namespace` for `keys`, by key, in one read; a key with none is absent.
  public func values(namespace: String, keys: [String]) async throws -> [String: (payload: Data, updatedAt: Date)] {
    guard !keys.isEmpty else { return [:] }
    return try await database.read { db in
      var values: [String: (payload: Data, updatedAt: Date)] = [:]
      for chunk in KeyChunk.of(keys) {
        for row in try Row.fetchAll(
          db, sql: "SELECT key, payload, updated_at FROM user_data WHERE namespace = ? AND key IN (\(chunk.marks))",
          arguments: StatementArguments([namespace] + chunk.keys))
        {
          values[row["key"]] = (row["payload"], Date(timeIntervalSince1970: row["updated_at"]))
        }
      }
      return values
    }
  }

  /// Every value kept under `namespace`, by key, with when it was set, in key order, in one read.
  public func all(namespace: String) async throws -> [(key: String, payload: Data, updatedAt: Date)] {
    try await database.read { db in
      try Row.fetchAll(
        db, sql: "SELECT key, payload, updated_at FROM user_data WHERE namespace = ? ORDER BY key",
        arguments: [namespace]
      ).map { ($0["key"], $0["payload"], Date(timeIntervalSince1970: $0["updated_at"])) }
    }
  }

  /// Keeps `payload` under `namespace` and `key` (`nil`: removes what is there).
  ///
  /// - Throws: ``StorageError/readOnly(path:)`` when the database cannot be written, or what SQLite throws; nothing
  ///   is written then.
  public func set(namespace: String, key: String, payload: Data?, at date: Date) async throws {
    try await database.write { db in
      if let payload {
        try db.execute(
          sql: """
            INSERT INTO user_data (namespace, key, payload, updated_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (namespace, key) DO UPDATE SET payload = excluded.payload, updated_at = excluded.updated_at
            """,
          arguments: [namespace, key, payload, date.timeIntervalSince1970])
      } else {
        try db.execute(sql: "DELETE FROM user_data WHERE namespace = ? AND key = ?", arguments: [namespace, key])
      }
    }
  }
}
