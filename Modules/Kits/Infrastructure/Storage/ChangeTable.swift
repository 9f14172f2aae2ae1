import Foundation
import GRDB

/// A change the user made that its origin has not taken yet: the key's new value, kept until a sender delivers it.
public struct PendingChange: Sendable, Equatable {
  /// Grows with every intent recorded and is never reused: a send removes the row only while it is still this one.
  public var id: Int64
  /// The kind of data, as the cache names it (`<feature>.<kind>`).
  public var namespace: String
  /// Where the change must go: the origin's URL. It is sent there and nowhere else.
  public var origin: String
  /// The SHA-256 of the token the change was made with (empty when the origin takes none); it is sent only with
  /// that token.
  public var tokenHash: String
  /// The key within the namespace.
  public var key: String
  /// The key's new value, encoded as the cache encodes it.
  public var payload: Data
  /// When the user made the change.
  public var recordedAt: Date
  /// How many times a sender began to deliver it.
  public var attempts: Int
  /// Why the last attempt did not deliver it, if one failed.
  public var lastFailure: String?
}

/// The `pending_changes` table: the write side of the single source of truth.
///
/// A change is the key's new value. Recording it writes the value to `cache_entries` and keeps it here in one
/// transaction, so a reader sees the change at once and a kill at any moment leaves either both or neither.
/// One row is kept per key: a later intent replaces a waiting one (the last intent wins, so intents coalesce while
/// they wait), and every intent the user makes is sent, whatever the cache last heard from the origin: the cache
/// may be old, and only the origin knows what it holds. Each intent gets a new ``PendingChange/id``; a sender
/// removes a row only while its id is the one it sent, so an intent that arrives during a send, from this process
/// or another, is never lost.
///
/// Which sender sends a key is not kept here: ``ChangeLocks`` holds a key with a lock the kernel lets go of when
/// its holder dies. The `base` and `sender` columns of the first version are no longer read or written.
///
/// An origin may ask for a pause (a rate limit until a time): ``hold(origin:until:reason:)`` keeps it here, so no
/// process sends to that origin before then.
public struct ChangeTable: Sendable {
  /// Creates the `pending_changes` table; part of ``Database/builtInMigrations``.
  public static let migration = DatabaseMigration("infrastructure.pending-changes.v1") { db in
    try db.execute(
      sql: """
        CREATE TABLE pending_changes (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          namespace TEXT NOT NULL,
          origin TEXT NOT NULL,
          token_hash TEXT NOT NULL,
          key TEXT NOT NULL,
          payload BLOB NOT NULL,
          base BLOB,
          recorded_at REAL NOT NULL,
          attempts INTEGER NOT NULL DEFAULT 0,
          last_failure TEXT,
          sender TEXT,
          UNIQUE (namespace, origin, token_hash, key)
        )
        """)
  }

  /// Retires `base` and `sender` (a row an older build left with a sender is free: locks are the kernel's now) and
  /// creates `origin_holds`, the time before which no change goes to an origin.
  public static let holdsMigration = DatabaseMigration("infrastructure.pending-changes.v2") { db in
    try db.execute(sql: "UPDATE pending_changes SET base = NULL, sender = NULL")
    try db.execute(
      sql: """
        CREATE TABLE origin_holds (
          origin TEXT PRIMARY KEY NOT NULL,
          until REAL NOT NULL,
          reason TEXT NOT NULL
        )
        """)
  }

  /// The origin under which the cache keeps what `origin` answers to the token hashed as `tokenHash`: another
  /// token's answers are other rows.
  public static func cacheOrigin(_ origin: String, tokenHash: String) -> String {
    tokenHash.isEmpty ? origin : "\(origin) token:\(tokenHash)"
  }

  private let database: Database

  /// Creates access to the change table of `database`.
  public init(database: Database) {
    self.database = database
  }

  /// Makes `payload` the value of `key`: in one transaction, writes it to the cache and, when it `waits` for a
  /// remote origin, keeps it as waiting for `origin`, replacing an intent that waits for the key. Returns whether
  /// a change now waits. With `waits` false (the origin is this database), only the cache is written.
  ///
  /// - Throws: ``StorageError/readOnly(path:)`` when the database cannot be written (nothing is recorded), or
  ///   what SQLite throws (the transaction is rolled back).
  @discardableResult
  public func record(
    namespace: String, origin: String, tokenHash: String, key: String, payload: Data, waits: Bool = true,
    at date: Date
  ) async throws -> Bool {
    let cacheOrigin = Self.cacheOrigin(origin, tokenHash: tokenHash)
    let limits = database.cacheLimits
    return try await database.write { db in
      let fetchedAt = try Double.fetchOne(
        db, sql: "SELECT fetched_at FROM cache_entries WHERE namespace = ? AND origin = ? AND key = ?",
        arguments: [namespace, cacheOrigin, key])
      if waits {
        // The intent it replaces failed for a reason that still holds for this one: it is kept, for --list.
        let lastFailure = try String.fetchOne(
          db,
          sql: """
            SELECT last_failure FROM pending_changes
            WHERE namespace = ? AND origin = ? AND token_hash = ? AND key = ?
            """,
          arguments: [namespace, origin, tokenHash, key])
        try db.execute(
          sql: "DELETE FROM pending_changes WHERE namespace = ? AND origin = ? AND token_hash = ? AND key = ?",
          arguments: [namespace, origin, tokenHash, key])
        try db.execute(
          sql: """
            INSERT INTO pending_changes (namespace, origin, token_hash, key, payload, recorded_at, last_failure)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """,
          arguments: [namespace, origin, tokenHash, key, payload, date.timeIntervalSince1970, lastFailure])
      }
      let record = CacheRecord(
        namespace: namespace, origin: cacheOrigin, key: key, payload: payload,
        fetchedAt: fetchedAt.map { Date(timeIntervalSince1970: $0) } ?? date)
      try CacheTable.upsert(db, record)
      try CacheTable.prune(db, limits: limits, keeping: record)
      return waits
    }
  }

  /// The change waiting for `key`, if one does.
  public func waiting(
    namespace: String, origin: String, tokenHash: String, key: String
  ) async throws
    -> PendingChange?
  {
    try await database.read { db in
      try Row.fetchOne(
        db,
        sql: """
          SELECT * FROM pending_changes WHERE namespace = ? AND origin = ? AND token_hash = ? AND key = ?
          """,
        arguments: [namespace, origin, tokenHash, key]
      ).map(Self.change)
    }
  }

  /// The changes waiting for any of `keys`, by key, in one read.
  public func waiting(
    namespace: String, origin: String, tokenHash: String, keys: [String]
  ) async throws -> [String: PendingChange] {
    guard !keys.isEmpty else { return [:] }
    return try await database.read { db in
      try Self.waiting(in: db, namespace: namespace, origin: origin, tokenHash: tokenHash, keys: keys)
    }
  }

  /// What the cache keeps for `keys` (under ``cacheOrigin(_:tokenHash:)``) and the changes waiting for them, read
  /// in one transaction: one snapshot of the file, so a change delivered meanwhile is never seen as neither.
  public func cachedAndWaiting(
    namespace: String, origin: String, tokenHash: String, keys: [String]
  ) async throws -> (cached: [String: CacheRecord], waiting: [String: PendingChange]) {
    guard !keys.isEmpty else { return ([:], [:]) }
    let cacheOrigin = Self.cacheOrigin(origin, tokenHash: tokenHash)
    return try await database.read { db in
      (
        try CacheTable.records(in: db, namespace: namespace, origin: cacheOrigin, keys: keys),
        try Self.waiting(in: db, namespace: namespace, origin: origin, tokenHash: tokenHash, keys: keys)
      )
    }
  }

  /// ``waiting(namespace:origin:tokenHash:keys:)`` read in `db`, inside a read the caller makes.
  static func waiting(
    in db: GRDB.Database, namespace: String, origin: String, tokenHash: String, keys: [String]
  ) throws -> [String: PendingChange] {
    var found: [String: PendingChange] = [:]
    for chunk in KeyChunk.of(keys) {
      let rows = try Row.fetchAll(
        db.cachedStatement(
          sql: """
            SELECT * FROM pending_changes
            WHERE namespace = ? AND origin = ? AND token_hash = ? AND key IN (\(chunk.marks))
            """),
        arguments: StatementArguments([namespace, origin, tokenHash] + chunk.keys))
      for change in rows.map(Self.change) { found[change.key] = change }
    }
    return found
  }

  /// Every waiting change, in the order they were made; only `namespace`'s, or only those for `key`, when given.
  public func all(namespace: String? = nil, key: String? = nil) async throws -> [PendingChange] {
    try await database.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT * FROM pending_changes
          WHERE (?1 IS NULL OR namespace = ?1) AND (?2 IS NULL OR key = ?2) ORDER BY id
          """,
        arguments: [namespace, key]
      ).map(Self.change)
    }
  }

  /// How many changes wait; only those whose namespace is `prefix` or starts with `prefix.`, when given.
  public func count(namespacePrefix prefix: String? = nil) async throws -> Int {
    try await database.read { db in
      try Int.fetchOne(
        db,
        sql: """
          SELECT COUNT(*) FROM pending_changes
          WHERE ?1 IS NULL OR namespace = ?1 OR substr(namespace, 1, length(?1) + 1) = ?1 || '.'
          """,
        arguments: [prefix]) ?? 0
    }
  }

  /// Notes that a sender begins to deliver `change`, unless a newer intent replaced it (or it was dropped):
  /// answers whether it still waits as it is.
  public func begin(_ change: PendingChange) async throws -> Bool {
    try await database.write { db in
      try db.execute(sql: "UPDATE pending_changes SET attempts = attempts + 1 WHERE id = ?", arguments: [change.id])
      return db.changesCount > 0
    }
  }

  /// Removes `change` once its origin took it, unless a newer intent for the key replaced it meanwhile (that one
  /// still waits), and makes it the cached value: the origin holds it now, whatever a read fetched while it
  /// waited. Returns whether it was removed.
  @discardableResult
  public func delivered(_ change: PendingChange) async throws -> Bool {
    let cacheOrigin = Self.cacheOrigin(change.origin, tokenHash: change.tokenHash)
    return try await database.write { db in
      try db.execute(sql: "DELETE FROM pending_changes WHERE id = ?", arguments: [change.id])
      guard db.changesCount > 0 else { return false }
      // The row keeps when its origin last answered: only its value and size change.
      let size = CacheTable.size(
        namespace: change.namespace, origin: cacheOrigin, key: change.key, payload: change.payload)
      try db.execute(
        sql: "UPDATE cache_entries SET payload = ?, size = ? WHERE namespace = ? AND origin = ? AND key = ?",
        arguments: [change.payload, size, change.namespace, cacheOrigin, change.key])
      return true
    }
  }

  /// Keeps why the last attempt to deliver `change` (or a newer intent of its key) did not deliver it.
  public func failed(_ change: PendingChange, reason: String) async throws {
    try await database.write { db in
      try db.execute(
        sql: """
          UPDATE pending_changes SET last_failure = ?
          WHERE namespace = ? AND origin = ? AND token_hash = ? AND key = ?
          """,
        arguments: [reason, change.namespace, change.origin, change.tokenHash, change.key])
    }
  }

  /// Undoes `change` locally after its origin refused it for good: removes it and the cached value it wrote, so
  /// the next read asks the origin. Does nothing when a newer intent replaced it (that one is sent in its turn).
  /// Returns whether it was undone.
  @discardableResult
  public func undo(_ change: PendingChange) async throws -> Bool {
    let cacheOrigin = Self.cacheOrigin(change.origin, tokenHash: change.tokenHash)
    return try await database.write { db in
      try db.execute(sql: "DELETE FROM pending_changes WHERE id = ?", arguments: [change.id])
      guard db.changesCount > 0 else { return false }
      try db.execute(
        sql: "DELETE FROM cache_entries WHERE namespace = ? AND origin = ? AND key = ?",
        arguments: [change.namespace, cacheOrigin, change.key])
      return true
    }
  }

  /// Drops, without sending them, the changes among `changes` that still wait as they are; the cached values they
  /// wrote go too, so the next read asks the origin. Returns the changes dropped.
  public func discard(_ changes: [PendingChange]) async throws -> [PendingChange] {
    try await database.write { db in
      var dropped: [PendingChange] = []
      for change in changes {
        try db.execute(sql: "DELETE FROM pending_changes WHERE id = ?", arguments: [change.id])
        guard db.changesCount > 0 else { continue }
        dropped.append(change)
        try db.execute(
          sql: "DELETE FROM cache_entries WHERE namespace = ? AND origin = ? AND key = ?",
          arguments: [change.namespace, Self.cacheOrigin(change.origin, tokenHash: change.tokenHash), change.key])
      }
      return dropped
    }
  }

  /// Keeps that no change may go to `origin` before `until`, for `reason`; a later time already kept stays.
  public func hold(origin: String, until: Date, reason: String) async throws {
    try await database.write { db in
      try db.execute(
        sql: """
          INSERT INTO origin_holds (origin, until, reason) VALUES (?1, ?2, ?3)
          ON CONFLICT (origin) DO UPDATE SET until = ?2, reason = ?3 WHERE until < ?2
          """,
        arguments: [origin, until.timeIntervalSince1970, reason])
    }
  }

  /// Until when, and why, no change may go to `origin`, if a hold later than `now` is kept.
  public func hold(origin: String, after now: Date) async throws -> (until: Date, reason: String)? {
    try await database.read { db in
      try Row.fetchOne(
        db, sql: "SELECT until, reason FROM origin_holds WHERE origin = ? AND until > ?",
        arguments: [origin, now.timeIntervalSince1970]
      ).map { (Date(timeIntervalSince1970: $0["until"]), $0["reason"]) }
    }
  }

  private static func change(_ row: Row) -> PendingChange {
    PendingChange(
      id: row["id"], namespace: row["namespace"], origin: row["origin"], tokenHash: row["token_hash"],
      key: row["key"], payload: row["payload"], recordedAt: Date(timeIntervalSince1970: row["recorded_at"]),
      attempts: row["attempts"], lastFailure: row["last_failure"])
  }
}
