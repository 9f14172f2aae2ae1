import Foundation
import TestScheduling
import Testing

@testable import Infrastructure

@Suite(.untimed) struct DatabaseCacheTableTests {
  @Test func recordsRoundTripReplaceAndDelete() async throws {
    let directory = try TemporaryDirectory()
    let table = CacheTable(database: Database(directory: directory.url, diagnostics: { _ in }))
    let fetchedAt = Date(timeIntervalSince1970: 1_700_000_000.25)
    let first = CacheRecord(
      namespace: "a", key: "k", payload: Data([1, 2, 3]), fetchedAt: fetchedAt, nextPageKey: "p2")
    let other = CacheRecord(namespace: "b", key: "k", payload: Data([9]), fetchedAt: fetchedAt)

    #expect(try await table.record(namespace: "a", key: "k") == nil)
    try await table.save(first)
    try await table.save(other)
    #expect(try await table.record(namespace: "a", key: "k") == first)

    var replaced = first
    replaced.payload = Data([4])
    replaced.nextPageKey = nil
    try await table.save(replaced)
    #expect(try await table.record(namespace: "a", key: "k") == replaced)
    #expect(try await table.record(namespace: "b", key: "k") == other)

    try await table.delete(namespace: "a", key: "k")
    #expect(try await table.record(namespace: "a", key: "k") == nil)
    #expect(try await table.record(namespace: "b", key: "k") == other)

    try await table.deleteAll(namespace: "b")
    #expect(try await table.record(namespace: "b", key: "k") == nil)
  }
}
