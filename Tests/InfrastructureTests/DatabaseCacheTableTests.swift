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

  /// A table whose size limit is `bytes`, with entries of 1,000-byte payloads fetched a minute apart.
  func table(limit bytes: Int, in directory: TemporaryDirectory) -> CacheTable {
    CacheTable(
      database: Infrastructure.Database(
        directory: directory.url, cacheLimits: CacheLimits(maximumAge: .seconds(3600), maximumBytes: bytes),
        diagnostics: { _ in }))
  }

  func record(_ index: Int, minutes: Double, namespace: String = "search.repositories") -> CacheRecord {
    CacheRecord(
      namespace: namespace, origin: "o", key: "k\(index)", payload: Data(repeating: 7, count: 1_000),
      fetchedAt: Date(timeIntervalSince1970: 1_700_000_000 + minutes * 60))
  }

  @Test func pastTheSizeLimitTheEntriesFetchedLongestAgoGoFirst() async throws {
    let directory = try TemporaryDirectory()
    // Each entry counts 1,000 bytes of payload, its key and its namespace and origin: 5 fit in 5,200 bytes.
    let table = table(limit: 5_200, in: directory)
    for index in 0..<8 {
      try await table.save(record(index, minutes: Double(index)))
    }

    let summary = try await table.summary()
    #expect(summary.map(\.entries) == [5])
    #expect(summary.first.map { $0.bytes <= 5_200 } == true)
    for index in 0..<3 {
      #expect(try await table.record(namespace: "search.repositories", origin: "o", key: "k\(index)") == nil)
    }
    for index in 3..<8 {
      #expect(try await table.record(namespace: "search.repositories", origin: "o", key: "k\(index)") != nil)
    }
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
    let table = table(limit: 2_100, in: directory)
    try await table.save(record(0, minutes: 10))
    try await table.save(record(1, minutes: 20))
    // A next page keeps its list's first fetch time, so it may be written with the oldest time of all.
    try await table.save(record(2, minutes: 0))

    #expect(try await table.record(namespace: "search.repositories", origin: "o", key: "k2") != nil)
    #expect(try await table.summary().map(\.entries) == [2])
  }

  @Test func userDataInOtherTablesIsNeverPruned() async throws {
    let directory = try TemporaryDirectory()
    let stocked = DatabaseMigration("tests.stocked.v1") { db in
      try db.execute(sql: "CREATE TABLE stocked (id TEXT PRIMARY KEY, note BLOB NOT NULL)")
    }
    let database = Infrastructure.Database(
      directory: directory.url, migrations: [stocked],
      cacheLimits: CacheLimits(maximumAge: .seconds(60), maximumBytes: 1_500), diagnostics: { _ in })
    try await database.write { db in
      try db.execute(sql: "INSERT INTO stocked VALUES ('c01', ?)", arguments: [Data(repeating: 1, count: 10_000)])
    }
    let table = CacheTable(database: database)
    for index in 0..<4 {
      try await table.save(record(index, minutes: Double(index * 10)))
    }

    #expect(try await database.read { db in try String.fetchAll(db, sql: "SELECT id FROM stocked") } == ["c01"])
    #expect(try await table.summary().map(\.entries) == [1])
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
