import Foundation
import GRDB
import TestScheduling
import Testing

@testable import Infrastructure

/// The write side of the single source of truth, on a real SQLite file: what `pending_changes` keeps for each
/// intent, and what it does to `cache_entries` in the same transaction.
@Suite(.untimed) struct ChangeTableTests {
  static let namespace = "tests.stars"
  static let origin = "https://api.test"
  static let tokenHash = "h1"
  static let key = "octo/hello"
  static let now = Date(timeIntervalSince1970: 1_700_000_000)
  static let starred = Data("true".utf8)
  static let unstarred = Data("false".utf8)

  let directory: TemporaryDirectory
  let database: Infrastructure.Database
  let changes: ChangeTable
  let cache: CacheTable

  init() throws {
    directory = try TemporaryDirectory()
    database = Infrastructure.Database(directory: directory.url, diagnostics: { _ in })
    changes = ChangeTable(database: database)
    cache = CacheTable(database: database)
  }

  /// Records `payload` as the intent for `key`.
  @discardableResult
  func record(
    _ payload: Data, key: String = ChangeTableTests.key, namespace: String = ChangeTableTests.namespace,
    origin: String = ChangeTableTests.origin, tokenHash: String = ChangeTableTests.tokenHash, waits: Bool = true
  ) async throws -> Bool {
    try await changes.record(
      namespace: namespace, origin: origin, tokenHash: tokenHash, key: key, payload: payload, waits: waits, at: Self.now
    )
  }

  /// The change waiting for `key`, which the test needs to be there.
  func waiting(
    key: String = ChangeTableTests.key, tokenHash: String = ChangeTableTests.tokenHash
  ) async throws
    -> PendingChange
  {
    try #require(
      try await changes.waiting(namespace: Self.namespace, origin: Self.origin, tokenHash: tokenHash, key: key))
  }

  /// The payload of the cache row a change of `key` writes, if there is one.
  func cached(
    key: String = ChangeTableTests.key, namespace: String = ChangeTableTests.namespace,
    tokenHash: String = ChangeTableTests.tokenHash
  ) async throws -> Data? {
    try await cache.record(
      namespace: namespace, origin: ChangeTable.cacheOrigin(Self.origin, tokenHash: tokenHash), key: key)?.payload
  }

  /// Puts `payload` in the cache as the origin's value for `key`, as a fetch does.
  func seed(_ payload: Data, key: String = ChangeTableTests.key) async throws {
    try await cache.save(
      CacheRecord(
        namespace: Self.namespace, origin: ChangeTable.cacheOrigin(Self.origin, tokenHash: Self.tokenHash), key: key,
        payload: payload, fetchedAt: Self.now - 60))
  }

  @Test func recordingWritesTheCacheRowAndOneWaitingRow() async throws {
    try await seed(Self.unstarred)

    #expect(try await record(Self.starred))

    #expect(try await cached() == Self.starred)
    let all = try await changes.all()
    #expect(all.count == 1)
    let change = try #require(all.first)
    #expect(change.namespace == Self.namespace)
    #expect(change.origin == Self.origin)
    #expect(change.tokenHash == Self.tokenHash)
    #expect(change.key == Self.key)
    #expect(change.payload == Self.starred)
    #expect(change.recordedAt == Self.now)
    #expect(change.attempts == 0)
    #expect(change.lastFailure == nil)
    #expect(try await changes.count() == 1)
    let row = try await cache.record(
      namespace: Self.namespace, origin: ChangeTable.cacheOrigin(Self.origin, tokenHash: Self.tokenHash), key: Self.key)
    #expect(row?.fetchedAt == Self.now - 60, "the cache row keeps when the origin last answered")
  }

  /// Both rows are written in one transaction: when the cache row cannot be written, the waiting row is not kept
  /// either (it is inserted first, so a second transaction would have left it).
  @Test func aCacheWriteThatFailsKeepsNoWaitingRow() async throws {
    try await database.write { db in
      try db.execute(
        sql: """
          CREATE TRIGGER refuse_cache_row BEFORE INSERT ON cache_entries WHEN NEW.key = 'refused'
          BEGIN SELECT RAISE(ABORT, 'refused by the test'); END
          """)
    }

    await #expect(throws: (any Error).self) { try await record(Self.starred, key: "refused") }

    #expect(try await changes.count() == 0)
    #expect(try await cached(key: "refused") == nil)
    #expect(try await record(Self.starred), "another key is recorded as usual")
  }

  @Test func aSecondIntentForTheKeyReplacesTheFirst() async throws {
    try await record(Self.starred)
    let first = try await waiting()

    #expect(try await record(Self.unstarred))

    let all = try await changes.all()
    #expect(all.count == 1, "one row per key: the last intent wins")
    let second = try #require(all.first)
    #expect(second.id > first.id)
    #expect(second.payload == Self.unstarred)
    #expect(try await cached() == Self.unstarred)
  }

  /// The cache may be old: the origin may have changed since (starred elsewhere), so an intent back to the cached
  /// value is the user's explicit change, and is sent.
  @Test func anIntentBackToTheCachedValueStillWaits() async throws {
    try await seed(Self.unstarred)
    #expect(try await record(Self.starred))

    #expect(try await record(Self.unstarred))

    #expect(try await changes.count() == 1)
    #expect(try await waiting().payload == Self.unstarred)
    #expect(try await cached() == Self.unstarred)
  }

  @Test func anIntentBackToTheOldValueAfterASendBeganStillWaits() async throws {
    try await seed(Self.unstarred)
    try await record(Self.starred)
    #expect(try await changes.begin(try await waiting()))

    #expect(try await record(Self.unstarred), "the origin may hold the sent value now, or not: it is unknown")

    let change = try await waiting()
    #expect(change.payload == Self.unstarred)
    #expect(change.attempts == 0, "the new intent has not been sent")
    #expect(try await changes.count() == 1)
  }

  @Test func aReplacedChangeIsNeitherRemovedNorBegun() async throws {
    try await record(Self.starred)
    let old = try await waiting()
    try await record(Self.unstarred)
    let newer = try await waiting()

    #expect(try await changes.delivered(old) == false)
    #expect(try await changes.begin(old) == false)

    #expect(try await changes.all() == [newer], "the newer intent still waits, not begun")
    #expect(try await cached() == Self.unstarred)
  }

  @Test func deliveredRemovesTheChangeAndKeepsItsValue() async throws {
    try await record(Self.starred)

    #expect(try await changes.delivered(try await waiting()))

    #expect(try await changes.count() == 0)
    #expect(try await cached() == Self.starred)
  }

  @Test func failedKeepsWhyAndBeginCountsTheAttempts() async throws {
    try await record(Self.starred)
    let change = try await waiting()

    #expect(try await changes.begin(change))
    #expect(try await changes.begin(change))
    try await changes.failed(change, reason: "HTTP 503")

    let kept = try await waiting()
    #expect(kept.id == change.id)
    #expect(kept.attempts == 2)
    #expect(kept.lastFailure == "HTTP 503")
  }

  @Test func undoRemovesTheChangeAndTheCacheRowItWrote() async throws {
    try await seed(Self.unstarred)
    try await record(Self.starred)

    #expect(try await changes.undo(try await waiting()))

    #expect(try await changes.count() == 0)
    #expect(try await cached() == nil, "the next read asks the origin")
  }

  @Test func undoOfAReplacedChangeDoesNothing() async throws {
    try await record(Self.starred)
    let old = try await waiting()
    try await record(Self.unstarred)
    let newer = try await waiting()

    #expect(try await changes.undo(old) == false)

    #expect(try await changes.all() == [newer])
    #expect(try await cached() == Self.unstarred)
  }

  @Test func discardDropsTheChangesAsTheyWaitAndTheirCacheRows() async throws {
    try await record(Self.starred)
    try await record(Self.starred, namespace: "tests.watched")
    try await record(Self.starred, key: "octo/other")
    let dropped = [try await waiting()] + (try await changes.all(namespace: "tests.watched"))

    #expect(try await changes.discard(dropped) == dropped)

    #expect(try await changes.all().map(\.key) == ["octo/other"])
    #expect(try await cached() == nil)
    #expect(try await cached(namespace: "tests.watched") == nil)
    #expect(try await cached(key: "octo/other") == Self.starred)
    #expect(try await changes.discard(dropped) == [], "gone already")
  }

  @Test func aHoldKeepsItsLatestTimeUntilItPasses() async throws {
    #expect(try await changes.hold(origin: Self.origin, after: Self.now) == nil)

    try await changes.hold(origin: Self.origin, until: Self.now + 60, reason: "rate limit")
    try await changes.hold(origin: Self.origin, until: Self.now + 30, reason: "earlier")

    let hold = try #require(try await changes.hold(origin: Self.origin, after: Self.now))
    #expect(hold.until == Self.now + 60)
    #expect(hold.reason == "rate limit")
    #expect(try await changes.hold(origin: "https://other.test", after: Self.now) == nil)
    #expect(try await changes.hold(origin: Self.origin, after: Self.now + 60) == nil, "over at its time")
  }

  /// A row an older build left with a sender (and a base) is free after the second migration: the kernel's locks
  /// hold keys now.
  @Test func theSecondMigrationFreesRowsAnOlderBuildLeftWithASender() async throws {
    try await record(Self.starred)
    let path = database.fileURL.path
    let queue = try DatabaseQueue(path: path)
    try await queue.write { db in
      try db.execute(sql: "DROP TABLE origin_holds")
      try db.execute(
        sql: "DELETE FROM grdb_migrations WHERE identifier = ?", arguments: [ChangeTable.holdsMigration.identifier])
      try db.execute(sql: "UPDATE pending_changes SET sender = '1:older-build', base = x'00'")
    }
    try queue.close()

    let reopened = Infrastructure.Database(directory: directory.url, diagnostics: { _ in })
    let left = try await reopened.read { db in
      try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM pending_changes WHERE sender IS NOT NULL OR base IS NOT NULL")
    }
    #expect(left == 0)
    #expect(try await ChangeTable(database: reopened).count() == 1)
    #expect(try await ChangeTable(database: reopened).hold(origin: Self.origin, after: Self.now) == nil)
  }

  @Test func changesAndTheirCacheRowsAreKeptPerOriginAndToken() async throws {
    #expect(ChangeTable.cacheOrigin(Self.origin, tokenHash: "") == Self.origin)
    #expect(
      ChangeTable.cacheOrigin(Self.origin, tokenHash: "h1") != ChangeTable.cacheOrigin(Self.origin, tokenHash: "h2"))

    try await record(Self.starred, tokenHash: "h1")
    try await record(Self.unstarred, tokenHash: "h2")
    try await record(Self.starred, origin: "https://ghe.test/api/v3", tokenHash: "h1")

    let all = try await changes.all()
    #expect(all.map(\.tokenHash) == ["h1", "h2", "h1"])
    #expect(all.map(\.origin) == [Self.origin, Self.origin, "https://ghe.test/api/v3"])
    #expect(try await waiting(tokenHash: "h1").payload == Self.starred)
    #expect(try await waiting(tokenHash: "h2").payload == Self.unstarred)
    #expect(try await cached(tokenHash: "h1") == Self.starred)
    #expect(try await cached(tokenHash: "h2") == Self.unstarred)
    #expect(
      try await cache.record(namespace: Self.namespace, origin: Self.origin, key: Self.key) == nil,
      "no token's row is the tokenless one")
  }

  @Test func aLocalOriginWritesOnlyTheCacheRow() async throws {
    #expect(try await record(Self.starred, waits: false) == false)

    #expect(try await changes.count() == 0)
    #expect(try await cached() == Self.starred)
  }

  @Test func clearingTheCacheLeavesTheWaitingChanges() async throws {
    try await record(Self.starred)
    let change = try await waiting()

    #expect(try await cache.deleteAll() == 1)

    #expect(try await changes.all() == [change])
  }

  /// A directory no one may write to, not even root (the tests run as root, whom permissions do not stop):
  /// procfs answers every write check on `/proc/sys` with EACCES, and containers mount it read-only. The database
  /// opens read-only there, as for an `APP_HOME` the user cannot write to; with no file in it, it is an empty
  /// in-memory database, which SQLite itself would let a write change: only the read-only check stops it.
  @Test func aReadOnlyDatabaseRecordsNothing() async throws {
    let readOnly = Infrastructure.Database(
      directory: URL(fileURLWithPath: "/proc/sys", isDirectory: true),
      fileName: "app-tests-\(UUID().uuidString).sqlite",
      diagnostics: { _ in })
    try #require(try await readOnly.isReadOnly())
    let changes = ChangeTable(database: readOnly)

    await #expect(throws: StorageError.readOnly(path: "/proc/sys")) {
      try await changes.record(
        namespace: Self.namespace, origin: Self.origin, tokenHash: Self.tokenHash, key: Self.key,
        payload: Self.starred, at: Self.now)
    }

    #expect(try await changes.count() == 0)
    let row = try await CacheTable(database: readOnly).record(
      namespace: Self.namespace, origin: ChangeTable.cacheOrigin(Self.origin, tokenHash: Self.tokenHash), key: Self.key)
    #expect(row == nil)
  }
}
