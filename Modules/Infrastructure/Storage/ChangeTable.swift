import Foundation
import GRDB

#if canImport(Glibc)
  import Glibc
#endif

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
/// One row is kept per key: a later intent replaces an earlier one (the last intent wins), and an intent that
/// brings the key back to the value the origin holds removes the row, so nothing is sent at all. Each intent gets
/// a new ``PendingChange/id``; a sender removes a row only while its id is the one it sent, so an intent that
/// arrives during a send, from this process or another, is never lost.
///
/// One sender at a time sends a key: ``begin(_:sender:)`` takes the key for a sender (`<pid>:<token>`) unless
/// another sender whose process is alive holds it, and an intent recorded while a sender holds the key stays
/// that sender's to send after the one in flight, so two sends of one key never race each other to the origin. A
/// sender killed while it holds a key holds it no longer: its process is gone.
public struct ChangeTable: Sendable {
  /// What ``begin(_:sender:)`` found.
  public enum Begin: Sendable, Equatable {
    /// The sender holds the key and may send the change.
    case begun
    /// A newer intent replaced the change (or it was dropped): there is nothing to send for it.
    case replaced
    /// Another sender, in a process that is alive, is sending the key: the change waits for it.
    case busy
  }

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
  /// remote origin, keeps it as waiting for `origin`, unless it is what the origin is known to hold. Returns
  /// whether a change now waits.
  ///
  /// What the origin holds is the cached value before the first waiting intent; once a sender has begun to
  /// deliver an intent, it is unknown, and every later intent waits. With `waits` false (the origin is this
  /// database), only the cache is written.
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
      let cached = try Row.fetchOne(
        db, sql: "SELECT payload, fetched_at FROM cache_entries WHERE namespace = ? AND origin = ? AND key = ?",
        arguments: [namespace, cacheOrigin, key])
      let waiting =
        waits
        ? try Row.fetchOne(
          db,
          sql: """
            SELECT id, base, attempts, sender FROM pending_changes
            WHERE namespace = ? AND origin = ? AND token_hash = ? AND key = ?
            """,
          arguments: [namespace, origin, tokenHash, key]) : nil
      let base: Data? =
        if let waiting { (waiting["attempts"] as Int) == 0 ? waiting["base"] : nil } else { cached?["payload"] }
      if let waiting {
        try db.execute(sql: "DELETE FROM pending_changes WHERE id = ?", arguments: [waiting["id"] as Int64])
      }
      let waits = waits && base != payload
      if waits {
        // A sender that holds the key keeps it: it sends this intent after the one in flight.
        let sender: String? = waiting?["sender"]
        try db.execute(
          sql: """
            INSERT INTO pending_changes (namespace, origin, token_hash, key, payload, base, recorded_at, sender)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """,
          arguments: [namespace, origin, tokenHash, key, payload, base, date.timeIntervalSince1970, sender])
      }
      let record = CacheRecord(
        namespace: namespace, origin: cacheOrigin, key: key, payload: payload,
        fetchedAt: cached.map { Date(timeIntervalSince1970: $0["fetched_at"]) } ?? date)
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

  /// A sender's name, `<pid>:<token>`: unique to one send, and telling whose process holds a key.
  public static func newSender() -> String {
    "\(getpid()):\(UUID().uuidString)"
  }

  /// Takes the key of `change` for `sender` and notes that it begins to deliver the change, unless a newer intent
  /// replaced it or another sender whose process is alive holds the key.
  public func begin(_ change: PendingChange, sender: String) async throws -> Begin {
    try await database.write { db in
      guard
        let row = try Row.fetchOne(db, sql: "SELECT sender FROM pending_changes WHERE id = ?", arguments: [change.id])
      else { return .replaced }
      if let holder: String = row["sender"], holder != sender, Self.isAlive(holder) { return .busy }
      try db.execute(
        sql: "UPDATE pending_changes SET attempts = attempts + 1, sender = ? WHERE id = ?",
        arguments: [sender, change.id])
      return .begun
    }
  }

  /// Lets go of the key of `change` if `sender` holds it, whatever intent its row holds now.
  public func release(_ change: PendingChange, sender: String) async throws {
    try await database.write { db in
      try db.execute(
        sql: """
          UPDATE pending_changes SET sender = NULL
          WHERE namespace = ? AND origin = ? AND token_hash = ? AND key = ? AND sender = ?
          """,
        arguments: [change.namespace, change.origin, change.tokenHash, change.key, sender])
    }
  }

  /// Whether the process of the sender named `holder` is alive.
  static func isAlive(_ holder: String) -> Bool {
    guard let pid = holder.split(separator: ":").first.flatMap({ pid_t($0) }), pid > 0 else { return false }
    return kill(pid, 0) == 0 || errno == EPERM
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
      let record = CacheRecord(
        namespace: change.namespace, origin: cacheOrigin, key: change.key, payload: change.payload, fetchedAt: Date())
      try db.execute(
        sql: "UPDATE cache_entries SET payload = ?, size = ? WHERE namespace = ? AND origin = ? AND key = ?",
        arguments: [change.payload, CacheTable.size(of: record), change.namespace, cacheOrigin, change.key])
      return true
    }
  }

  /// Keeps what the origin answered for a key whose changes are kept here: `record` is written to the cache, and
  /// a change waiting for the key that no sender has begun takes the answer as what the origin holds, in the same
  /// transaction (an intent back to it then sends nothing; any other is sent).
  public func saveAnswer(_ record: CacheRecord, origin: String, tokenHash: String) async throws {
    let limits = database.cacheLimits
    try await database.writeToCache { db in
      try CacheTable.upsert(db, record)
      try CacheTable.prune(db, limits: limits, keeping: record)
      try db.execute(
        sql: """
          UPDATE pending_changes SET base = ?
          WHERE namespace = ? AND origin = ? AND token_hash = ? AND key = ? AND attempts = 0
          """,
        arguments: [record.payload, record.namespace, origin, tokenHash, record.key])
    }
  }

  /// Keeps why the last attempt to deliver `change` failed, and lets go of its key if `sender` holds it.
  public func failed(_ change: PendingChange, reason: String, sender: String) async throws {
    try await database.write { db in
      try db.execute(
        sql: """
          UPDATE pending_changes SET last_failure = ?1, sender = CASE WHEN sender = ?2 THEN NULL ELSE sender END
          WHERE namespace = ?3 AND origin = ?4 AND token_hash = ?5 AND key = ?6
          """,
        arguments: [reason, sender, change.namespace, change.origin, change.tokenHash, change.key])
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

  /// Drops, without sending them, the waiting changes of `key` (in every namespace); the cached values they wrote
  /// go too, so the next read asks the origin. Returns the changes dropped.
  public func discard(key: String) async throws -> [PendingChange] {
    try await database.write { db in
      let changes = try Row.fetchAll(
        db, sql: "SELECT * FROM pending_changes WHERE key = ? ORDER BY id", arguments: [key]
      )
      .map(Self.change)
      for change in changes {
        try db.execute(sql: "DELETE FROM pending_changes WHERE id = ?", arguments: [change.id])
        try db.execute(
          sql: "DELETE FROM cache_entries WHERE namespace = ? AND origin = ? AND key = ?",
          arguments: [change.namespace, Self.cacheOrigin(change.origin, tokenHash: change.tokenHash), change.key])
      }
      return changes
    }
  }

  private static func change(_ row: Row) -> PendingChange {
    PendingChange(
      id: row["id"], namespace: row["namespace"], origin: row["origin"], tokenHash: row["token_hash"],
      key: row["key"], payload: row["payload"], recordedAt: Date(timeIntervalSince1970: row["recorded_at"]),
      attempts: row["attempts"], lastFailure: row["last_failure"])
  }
}
