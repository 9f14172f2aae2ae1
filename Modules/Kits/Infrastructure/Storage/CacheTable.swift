import Foundation
import GRDB

/// Reads and writes the generic `cache_entries` table that backs the repositories' caches.
///
/// Every row belongs to a namespace (a kind of data), an origin (where it came from) and a key. Writing prunes
/// the table in the same transaction: rows fetched more than ``CacheLimits/maximumAge`` before the newest one
/// go, then, while the total size is past ``CacheLimits/maximumBytes``, the rows fetched longest ago. Reading
/// never writes, so a read-only database still reads.
public struct CacheTable: Sendable {
  /// Creates the first `cache_entries` table; part of ``Database/builtInMigrations``.
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

  /// Adds the origin to every key, and the size and index that pruning reads. Rows of the first table do not
  /// say which origin they came from, so they are dropped (they are fetched again), never misread as another's.
  public static let originMigration = DatabaseMigration("infrastructure.cache-entries.v2-origin-size") { db in
    try db.execute(
      sql: """
        DROP TABLE IF EXISTS cache_entries;
        CREATE TABLE cache_entries (
          namespace TEXT NOT NULL,
          origin TEXT NOT NULL,
          key TEXT NOT NULL,
          payload BLOB NOT NULL,
          fetched_at REAL NOT NULL,
          next_page_key TEXT,
          size INTEGER NOT NULL,
          PRIMARY KEY (namespace, origin, key)
        );
        CREATE INDEX cache_entries_by_age ON cache_entries (fetched_at, size);
        """)
  }

  private let database: Database

  /// Creates access to the cache table of `database`.
  public init(database: Database) {
    self.database = database
  }

  /// The records stored under `namespace` and `origin` for any of `keys`, by key, in one read.
  public func records(namespace: String, origin: String, keys: [String]) async throws -> [String: CacheRecord] {
    guard !keys.isEmpty else { return [:] }
    return try await database.read { db in try Self.records(in: db, namespace: namespace, origin: origin, keys: keys) }
  }

  /// ``records(namespace:origin:keys:)`` read in `db`, inside a read the caller makes.
  static func records(
    in db: GRDB.Database, namespace: String, origin: String, keys: [String]
  ) throws -> [String: CacheRecord] {
    var found: [String: CacheRecord] = [:]
    for chunk in KeyChunk.of(keys) {
      // A statement kept prepared per connection: a screen reads as many keys again and again.
      let rows = try Row.fetchAll(
        db.cachedStatement(
          sql: """
            SELECT key, payload, fetched_at, next_page_key FROM cache_entries
            WHERE namespace = ? AND origin = ? AND key IN (\(chunk.marks))
            """),
        arguments: StatementArguments([namespace, origin] + chunk.keys))
      for row in rows {
        let key: String = row["key"]
        found[key] = CacheRecord(
          namespace: namespace, origin: origin, key: key, payload: row["payload"],
          fetchedAt: Date(timeIntervalSince1970: row["fetched_at"]), nextPageKey: row["next_page_key"])
      }
    }
    return found
  }

  /// The record stored under `namespace`, `origin` and `key`, if any.
  public func record(namespace: String, origin: String, key: String) async throws -> CacheRecord? {
    try await database.read { db in
      let row = try Row.fetchOne(
        db,
        sql: """
          SELECT payload, fetched_at, next_page_key FROM cache_entries
          WHERE namespace = ? AND origin = ? AND key = ?
          """,
        arguments: [namespace, origin, key])
      return row.map { row in
        CacheRecord(
          namespace: namespace, origin: origin, key: key, payload: row["payload"],
          fetchedAt: Date(timeIntervalSince1970: row["fetched_at"]), nextPageKey: row["next_page_key"])
      }
    }
  }

  /// Stores `record`, replacing the one with the same namespace, origin and key, then prunes the table to the
  /// database's ``CacheLimits``; the record just stored is never pruned.
  public func save(_ record: CacheRecord) async throws {
    let limits = database.cacheLimits
    try await database.writeToCache { db in
      try Self.upsert(db, record)
      try Self.prune(db, limits: limits, keeping: record)
    }
  }

  /// Stores `record` in the open transaction, replacing the one with the same namespace, origin and key.
  static func upsert(_ db: GRDB.Database, _ record: CacheRecord) throws {
    try db.execute(
      sql: """
        INSERT INTO cache_entries (namespace, origin, key, payload, fetched_at, next_page_key, size)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (namespace, origin, key) DO UPDATE SET
          payload = excluded.payload,
          fetched_at = excluded.fetched_at,
          next_page_key = excluded.next_page_key,
          size = excluded.size
        """,
      arguments: [
        record.namespace, record.origin, record.key, record.payload, record.fetchedAt.timeIntervalSince1970,
        record.nextPageKey, Self.size(of: record),
      ])
  }

  /// The bytes a record counts for: its payload, key, namespace and origin.
  static func size(of record: CacheRecord) -> Int {
    size(namespace: record.namespace, origin: record.origin, key: record.key, payload: record.payload)
  }

  /// The bytes a row of these parts counts toward the cache's limit.
  static func size(namespace: String, origin: String, key: String, payload: Data) -> Int {
    payload.count + key.utf8.count + namespace.utf8.count + origin.utf8.count
  }

  /// Drops rows past the age limit, then, once the database is past the size limit, the rows fetched longest
  /// ago, counting the row just written first.
  ///
  /// Ages count back from the newest row, which is the one just written: the cache's own clock, so a clock set
  /// back or a test's fixed clock never empties it. The index on `(fetched_at, size)` serves both steps.
  static func prune(_ db: GRDB.Database, limits: CacheLimits, keeping kept: CacheRecord) throws {
    let seconds = Double(limits.maximumAge.components.seconds)
    try db.execute(
      sql: """
        DELETE FROM cache_entries
        WHERE fetched_at < (SELECT MAX(fetched_at) FROM cache_entries) - ?
          AND NOT (namespace = ? AND origin = ? AND key = ?)
        """,
      arguments: [seconds, kept.namespace, kept.origin, kept.key])
    let total = try Int.fetchOne(db, sql: "SELECT COALESCE(SUM(size), 0) FROM cache_entries") ?? 0
    // The limit is on the database as it lies on disk: its pages in use, plus room for the write-ahead log, which
    // is truncated back to `walLimitBytes` after each checkpoint (a tenth of a small limit is left for it). Past it,
    // the entries are cut to what fills 90% of the limit, so that pruning happens once in a while, not on every write.
    let pageSize = try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4096
    let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
    let free = try Int.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0
    let used = max(1, (pages - free) * pageSize)
    let logAllowance = min(DatabaseOpener.walLimitBytes, limits.maximumBytes / 10)
    guard used + logAllowance > limits.maximumBytes || total > limits.maximumBytes else { return }
    let fileBudget = max(0, Int(Double(limits.maximumBytes) * 0.9) - logAllowance)
    let budget = min(Int(Double(total) * Double(fileBudget) / Double(used)), limits.maximumBytes)
    try db.execute(
      sql: """
        DELETE FROM cache_entries WHERE rowid IN (
          SELECT rowid FROM (
            SELECT rowid, SUM(size) OVER (
              ORDER BY (namespace = ? AND origin = ? AND key = ?) DESC, fetched_at DESC, rowid DESC
              ROWS UNBOUNDED PRECEDING) AS kept_so_far
            FROM cache_entries)
          WHERE kept_so_far > ?)
        """,
      arguments: [kept.namespace, kept.origin, kept.key, budget])
  }

  /// Deletes the record under `namespace`, `origin` and `key`, if any.
  public func delete(namespace: String, origin: String, key: String) async throws {
    try await database.write { db in
      try db.execute(
        sql: "DELETE FROM cache_entries WHERE namespace = ? AND origin = ? AND key = ?",
        arguments: [namespace, origin, key])
    }
  }

  /// Deletes every record whose namespace is `prefix` or starts with `prefix.`; every record when `nil`.
  /// Returns how many were deleted.
  @discardableResult
  public func deleteAll(namespacePrefix prefix: String? = nil) async throws -> Int {
    try await database.write { db in
      if let prefix {
        try db.execute(
          sql: "DELETE FROM cache_entries WHERE namespace = ? OR substr(namespace, 1, ?) = ?",
          arguments: [prefix, prefix.count + 1, prefix + "."])
      } else {
        try db.execute(sql: "DELETE FROM cache_entries")
      }
      return db.changesCount
    }
  }

  /// What the cache holds, per namespace, in namespace order.
  public func summary() async throws -> [CacheNamespaceSummary] {
    try await database.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT namespace, COUNT(*) AS entries, SUM(size) AS bytes, MIN(fetched_at) AS oldest,
            MAX(fetched_at) AS newest
          FROM cache_entries GROUP BY namespace ORDER BY namespace
          """
      ).map { row in
        CacheNamespaceSummary(
          namespace: row["namespace"], entries: row["entries"], bytes: row["bytes"],
          oldest: Date(timeIntervalSince1970: row["oldest"]), newest: Date(timeIntervalSince1970: row["newest"]))
      }
    }
  }
}

/// What the cache holds under one namespace.
public struct CacheNamespaceSummary: Sendable, Equatable {
  /// The namespace, such as `weather.forecasts`.
  public var namespace: String
  /// How many entries.
  public var entries: Int
  /// Their size in bytes, as the size limit counts it.
  public var bytes: Int
  /// When the oldest was fetched.
  public var oldest: Date
  /// When the newest was fetched.
  public var newest: Date
}
