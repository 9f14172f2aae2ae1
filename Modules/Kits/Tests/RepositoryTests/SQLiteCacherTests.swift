import Foundation
import Infrastructure
import TestScheduling
import Testing

@testable import Repository

@Suite(.untimed) struct SQLiteCacherTests {
  struct Query: Hashable, Sendable {
    let text: String
    let page: Int
  }

  @Test func valuesRoundTripPerNamespaceAndKey() async throws {
    let temporary = try TemporaryDatabase()
    let numbers = SQLiteCacher<Query, [Int]>(database: temporary.database, namespace: "numbers", origin: "o") {
      "\($0.text)#\($0.page)"
    }
    let names = SQLiteCacher<String, [String]>(database: temporary.database, namespace: "names", origin: "o")
    let fetchedAt = Date(timeIntervalSince1970: 1_700_000_000)
    let query = Query(text: "swift", page: 1)

    #expect(try await numbers.load(query) == nil)
    try await numbers.save(CachedValue(value: [1, 2], fetchedAt: fetchedAt, nextPageKey: "2"), for: query)
    try await names.save(CachedValue(value: ["x"], fetchedAt: fetchedAt), for: "swift#1")

    #expect(try await numbers.load(query) == CachedValue(value: [1, 2], fetchedAt: fetchedAt, nextPageKey: "2"))
    #expect(try await numbers.load(Query(text: "swift", page: 2)) == nil)
    #expect(try await names.load("swift#1") == CachedValue(value: ["x"], fetchedAt: fetchedAt))

    try await numbers.clear(query)
    #expect(try await numbers.load(query) == nil)
    #expect(try await names.load("swift#1") != nil)
  }

  @Test func aRowThisVersionCannotDecodeCountsAsAbsent() async throws {
    let temporary = try TemporaryDatabase()
    let old = SQLiteCacher<String, [String]>(database: temporary.database, namespace: "shared", origin: "o")
    let new = SQLiteCacher<String, [Int]>(database: temporary.database, namespace: "shared", origin: "o")
    try await old.save(CachedValue(value: ["text"], fetchedAt: Date()), for: "k")

    #expect(try await new.load("k") == nil)
  }

  @Test func anotherOriginNeverAnswersForTheFirst() async throws {
    let temporary = try TemporaryDatabase()
    let first = SQLiteCacher<String, [String]>(
      database: temporary.database, namespace: "search.repositories", origin: "https://ghe-one.test/api/v3")
    let second = SQLiteCacher<String, [String]>(
      database: temporary.database, namespace: "search.repositories", origin: "https://ghe-two.test/api/v3")
    let fetchedAt = Date(timeIntervalSince1970: 1_700_000_000)
    try await first.save(CachedValue(value: ["one/repo"], fetchedAt: fetchedAt), for: "swift")

    #expect(try await second.load("swift") == nil)
    try await second.save(CachedValue(value: ["two/repo"], fetchedAt: fetchedAt), for: "swift")
    #expect(try await first.load("swift")?.value == ["one/repo"])
    #expect(try await second.load("swift")?.value == ["two/repo"])
  }
}
