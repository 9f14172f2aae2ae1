import Foundation
import GRDB
import TestScheduling
import Testing

@testable import Infrastructure

@Suite(.untimed) struct DatabaseCacheTableTests {
  @Test func recordsRoundTripReplaceAndDelete() async throws {
    let directory = try TemporaryDirectory()
    let table = CacheTable(database: Infrastructure.Database(directory: directory.url, diagnostics: { _ in }))
    let fetchedAt = Date(timeIntervalSince1970: 1_700_000_000.25)
    let first = CacheRecord(
      namespace: "a", origin: "o", key: "k", payload: Data([1, 2, 3]), fetchedAt: fetchedAt, nextPageKey: "p2")
    let other = CacheRecord(namespace: "b", origin: "o", key: "k", payload: Data([9]), fetchedAt: fetchedAt)

    #expect(try await table.record(namespace: "a", origin: "o", key: "k") == nil)
    try await table.save(first)
    try await table.save(other)
    #expect(try await table.record(namespace: "a", origin: "o", key: "k") == first)
    #expect(try await table.record(namespace: "a", origin: "elsewhere", key: "k") == nil)

    var replaced = first
    replaced.payload = Data([4])
    replaced.nextPageKey = nil
    try await table.save(replaced)
    #expect(try await table.record(namespace: "a", origin: "o", key: "k") == replaced)
    #expect(try await table.record(namespace: "b", origin: "o", key: "k") == other)

    try await table.delete(namespace: "a", origin: "o", key: "k")
    #expect(try await table.record(namespace: "a", origin: "o", key: "k") == nil)
    #expect(try await table.record(namespace: "b", origin: "o", key: "k") == other)

    #expect(try await table.deleteAll(namespacePrefix: "b") == 1)
    #expect(try await table.record(namespace: "b", origin: "o", key: "k") == nil)
  }

  /// A table whose size limit is `bytes`, with entries of 100 kB payloads fetched a minute apart.
  func table(limit bytes: Int, in directory: TemporaryDirectory) -> CacheTable {
    CacheTable(database: database(limit: bytes, in: directory))
  }

  func database(limit bytes: Int, in directory: TemporaryDirectory) -> Infrastructure.Database {
    Infrastructure.Database(
      directory: directory.url, cacheLimits: CacheLimits(maximumAge: .seconds(3600), maximumBytes: bytes),
      diagnostics: { _ in })
  }

  func record(_ index: Int, minutes: Double, namespace: String = "search.repositories") -> CacheRecord {
    CacheRecord(
      namespace: namespace, origin: "o", key: "k\(index)", payload: Data(repeating: UInt8(index % 256), count: 100_000),
      fetchedAt: Date(timeIntervalSince1970: 1_700_000_000 + minutes * 60))
  }

  /// The keys the table holds, oldest fetch first.
  func keys(_ database: Infrastructure.Database) async throws -> [String] {
    try await database.read { db in try String.fetchAll(db, sql: "SELECT key FROM cache_entries ORDER BY fetched_at") }
  }

  /// The bytes of the database's pages in use.
  func usedBytes(_ database: Infrastructure.Database) async throws -> Int {
    try await database.read { db in
      let pageSize = try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 0
      let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
      let free = try Int.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0
      return (pages - free) * pageSize
    }
  }

  @Test func pastTheSizeLimitTheEntriesFetchedLongestAgoGoFirst() async throws {
    let directory = try TemporaryDirectory()
    let database = database(limit: 1_000_000, in: directory)
    let table = CacheTable(database: database)
    for index in 0..<20 {
      try await table.save(record(index, minutes: Double(index)))
      #expect(try await usedBytes(database) <= 1_000_000, "after entry \(index)")
    }

    let kept = try await keys(database)
    #expect(kept.count >= 5, "\(kept)")
    #expect(kept == (20 - kept.count..<20).map { "k\($0)" }, "the newest stay, in a row")
  }

  @Test func entriesOlderThanTheAgeLimitBeforeTheNewestAreDropped() async throws {
    let directory = try TemporaryDirectory()
    let table = table(limit: 1_000_000, in: directory)
    try await table.save(record(0, minutes: 0))
    try await table.save(record(1, minutes: 30))
    try await table.save(record(2, minutes: 90))

    #expect(try await table.record(namespace: "search.repositories", origin: "o", key: "k0") == nil, "90 min old")
    #expect(try await table.record(namespace: "search.repositories", origin: "o", key: "k1") != nil, "60 min old")
    #expect(try await table.record(namespace: "search.repositories", origin: "o", key: "k2") != nil)
  }

  @Test func theEntryJustWrittenStaysEvenWhenItIsTheOldest() async throws {
    let directory = try TemporaryDirectory()
    let database = database(limit: 400_000, in: directory)
    let table = CacheTable(database: database)
    for index in 0..<6 {
      try await table.save(record(index, minutes: Double(10 + index)))
    }
    // A next page keeps its list's first fetch time, so it may be written with the oldest time of all.
    try await table.save(record(99, minutes: 0))

    let kept = try await keys(database)
    #expect(kept.first == "k99")
    #expect(kept.count < 7, "older entries went instead: \(kept)")
  }

  @Test func userDataInOtherTablesIsNeverPruned() async throws {
    let directory = try TemporaryDirectory()
    let stocked = DatabaseMigration("tests.stocked.v1") { db in
      try db.execute(sql: "CREATE TABLE stocked (id TEXT PRIMARY KEY, note BLOB NOT NULL)")
    }
    let database = Infrastructure.Database(
      directory: directory.url, migrations: [stocked],
      cacheLimits: CacheLimits(maximumAge: .seconds(60), maximumBytes: 300_000), diagnostics: { _ in })
    try await database.write { db in
      try db.execute(sql: "INSERT INTO stocked VALUES ('c01', ?)", arguments: [Data(repeating: 1, count: 10_000)])
    }
    let table = CacheTable(database: database)
    for index in 0..<4 {
      try await table.save(record(index, minutes: Double(index * 10)))
    }

    #expect(try await database.read { db in try String.fetchAll(db, sql: "SELECT id FROM stocked") } == ["c01"])
    #expect(try await keys(database) == ["k3"], "the cache gave way; the user data did not")
  }

  @Test func clearingOneFeatureLeavesTheOthers() async throws {
    let directory = try TemporaryDirectory()
    let table = table(limit: 1_000_000, in: directory)
    try await table.save(record(0, minutes: 0, namespace: "search.repositories"))
    try await table.save(record(1, minutes: 0, namespace: "search.repository"))
    try await table.save(record(2, minutes: 0, namespace: "searchlight.items"))
    try await table.save(record(3, minutes: 0, namespace: "courses.lists"))

    #expect(try await table.deleteAll(namespacePrefix: "search") == 2)
    #expect(try await table.summary().map(\.namespace) == ["courses.lists", "searchlight.items"])
  }
}
