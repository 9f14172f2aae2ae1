import Foundation
import Infrastructure
import InfrastructureTesting
import Synchronization
import TestScheduling
import Testing

@testable import Repository

/// Following the single source of truth: many keys in one read, a change to one key updating only it, and what
/// another process committed reaching every follower without asking the origin.
@Suite(.timeLimit(.minutes(1)), .untimed)
struct StoreFollowingTests {
  static let start = Date(timeIntervalSince1970: 1_700_000_000)
  static let origin = "https://api.test"

  let temporary: TemporaryDatabase
  let clock = ManualClock(StoreFollowingTests.start)
  let cacher: CountingCacher<SQLiteCacher<String, Bool>>

  init() throws {
    temporary = try TemporaryDatabase()
    cacher = CountingCacher(
      SQLiteCacher(
        database: temporary.database, namespace: "tests.stars", origin: Self.origin, tokenHash: "h1",
        keepsChanges: true))
  }

  func makeStore(_ fetcher: ScriptedBools = ScriptedBools()) -> Store<String, Bool> {
    Store(cacher: cacher, fetcher: fetcher, freshness: .ttl(.seconds(60)), clock: clock)
  }

  func cached(_ value: Bool, waits: Bool = false) -> StoreResponse<Bool> {
    StoreResponse(value: value, source: .cache, fetchedAt: Self.start, isStale: false, waitsForOrigin: waits)
  }

  @Test func manyKeysAreReadInOneReadAndAWriteToOneUpdatesOnlyIt() async throws {
    let store = makeStore()
    try await store.write(true, for: "a")
    try await cacher.save(CachedValue(value: false, fetchedAt: Self.start), for: "b")
    cacher.reset()

    var snapshots = store.observe(keys: ["a", "b", "c"]).makeAsyncIterator()

    #expect(await snapshots.next() == ["a": cached(true, waits: true), "b": cached(false)], "c has no value")
    #expect(cacher.counts == CountingCacher<SQLiteCacher<String, Bool>>.Counts(single: 0, batches: 1))

    clock.advance(by: 5)
    try await store.write(true, for: "b")

    let written = StoreResponse(
      value: true, source: .cache, fetchedAt: Self.start + 5, isStale: false, waitsForOrigin: true)
    #expect(await snapshots.next() == ["a": cached(true, waits: true), "b": written])
    #expect(cacher.counts == CountingCacher<SQLiteCacher<String, Bool>>.Counts(single: 0, batches: 1))
  }

  @Test func theValuesOfManyKeysAreReadInOneReadWithTheChangesThatWait() async throws {
    let store = makeStore()
    try await store.write(true, for: "a")
    try await cacher.save(CachedValue(value: false, fetchedAt: Self.start), for: "b")
    cacher.reset()

    #expect(try await store.current(keys: ["a", "b", "c"]) == ["a": cached(true, waits: true), "b": cached(false)])
    #expect(cacher.counts == CountingCacher<SQLiteCacher<String, Bool>>.Counts(single: 0, batches: 1))
  }

  @Test func theUsersOwnDataIsReadForManyKeysInOneReadAndAbsentKeysReadAsAbsent() async throws {
    let marks = Store<String, Bool>.local(
      database: temporary.database, namespace: "tests.marks", absent: false, clock: clock)
    try await marks.write(true, for: "a")
    try await marks.write(true, for: "c")
    try await marks.write(false, for: "c")
    let many = (0..<1_200).map { "k\($0)" } + ["a", "b", "c"]

    let values = try await marks.current(keys: many)

    #expect(values.count == many.count, "every key reads, an absent one as `absent`")
    #expect(values["a"]?.value == true && values["b"]?.value == false && values["c"]?.value == false)
    #expect(values.filter(\.value.value).keys.sorted() == ["a"])
    #expect(values["a"]?.source == .cache && values["a"]?.fetchedAt == Self.start)
  }

  /// A store of the user's own data lists its namespace alone, in key order; writing `absent` removes the key's row,
  /// so what was unmarked is not listed.
  @Test func theUsersOwnDataListsItsNamespaceAndAbsentLeavesNoRow() async throws {
    let marks = Store<String, Bool>.local(
      database: temporary.database, namespace: "tests.marks", absent: false, clock: clock)
    let other = Store<String, Bool>.local(
      database: temporary.database, namespace: "tests.other", absent: false, clock: clock)
    for key in ["c", "a", "b"] { try await marks.write(true, for: key) }
    try await other.write(true, for: "z")
    try await marks.write(false, for: "b")

    #expect(try await marks.all().map(\.key) == ["a", "c"])
    #expect(try await marks.all().allSatisfy(\.value))
    #expect(try await other.all().map(\.key) == ["z"])
    let rows = try await temporary.database.read { db in
      try Int.fetchOne(db, sql: "SELECT count(*) FROM user_data WHERE namespace = 'tests.marks'")
    }
    #expect(rows == 2, "the unmarked key keeps no row")
    let cache = makeStore()
    try await cache.write(true, for: "x")
    #expect(try await cache.all().isEmpty, "a cache of an origin is not the user's own data")
  }

  @Test func toggleWritesDecidedInOneStepOfTheKeyUndoEachOtherInAnyOrder() async throws {
    let fetcher = ScriptedBools()
    let store = makeStore(fetcher)
    var states = store.observe(keys: ["a"]).makeAsyncIterator()
    #expect(await states.next() == [:])

    // Many toggles at once: each decides from what the one before it wrote, whichever runs first.
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<10 {
        group.addTask { _ = try? await store.write(for: "a") { !($0 ?? false) } }
      }
    }
    #expect(try await store.current(keys: ["a"])["a"]?.value == false, "an even number of toggles")
    #expect(fetcher.calls == 0, "a decided write never asks the origin")

    // A decision that throws writes nothing.
    struct Refused: Error {}
    await #expect(throws: Refused.self) { try await store.write(for: "a") { _ in throw Refused() } }
    #expect(try await store.current(keys: ["a"])["a"]?.value == false)
    // The follower sees every decided write: the next one stars it.
    try await store.write(for: "a") { !($0 ?? false) }
    var last: [String: StoreResponse<Bool>]?
    while let next = await states.next() {
      last = next
      if next["a"]?.value == true { break }
    }
    #expect(last?["a"]?.value == true)
  }

  @Test func anotherProcessesCommitReachesFollowersWithoutAskingTheOrigin() async throws {
    let fetcher = ScriptedBools()
    let store = makeStore(fetcher)
    try await cacher.save(CachedValue(value: false, fetchedAt: Self.start), for: "a")
    var snapshots = store.observe(keys: ["a", "gone"]).makeAsyncIterator()
    #expect(await snapshots.next() == ["a": cached(false)])
    // Another process: its own connection to the file.
    let other = Database(directory: temporary.directory, diagnostics: { _ in })
    try await ChangeTable(database: other).record(
      namespace: "tests.stars", origin: Self.origin, tokenHash: "h1", key: "a", payload: Data("true".utf8),
      at: Self.start)

    await store.reloadObserved()

    #expect(await snapshots.next() == ["a": cached(true, waits: true)])
    #expect(fetcher.calls == 0, "a key with nothing kept is not fetched")
  }

  @Test func aCommitOfAnotherConnectionIsSeenAndTheFollowingEndsOnAReadOnlyHome() async throws {
    try await temporary.database.open()
    var commits = await temporary.database.commitsElsewhere(every: .milliseconds(5)).makeAsyncIterator()
    let other = Database(directory: temporary.directory, diagnostics: { _ in })

    try await CacheTable(database: other).save(
      CacheRecord(namespace: "tests", origin: Self.origin, key: "k", payload: Data("1".utf8), fetchedAt: Self.start))

    #expect(await commits.next() != nil)

    let readOnly = Database(
      directory: URL(fileURLWithPath: "/proc/sys", isDirectory: true),
      fileName: "app-tests-\(UUID().uuidString).sqlite", diagnostics: { _ in })
    var nothing = await readOnly.commitsElsewhere(every: .milliseconds(5)).makeAsyncIterator()
    #expect(await nothing.next() == nil)
  }
}

/// A cacher that counts its reads: one key at a time, and many at once.
final class CountingCacher<Base: Cacher>: Cacher, Sendable {
  struct Counts: Equatable, Sendable {
    var single = 0
    var batches = 0
  }

  let base: Base
  private let state = Mutex(Counts())

  init(_ base: Base) {
    self.base = base
  }

  var counts: Counts { state.withLock { $0 } }
  func reset() { state.withLock { $0 = Counts() } }

  func load(_ key: Base.Key) async throws -> CachedValue<Base.Value>? {
    state.withLock { $0.single += 1 }
    return try await base.load(key)
  }

  func load(_ keys: [Base.Key]) async throws -> [CachedValue<Base.Value>?] {
    state.withLock { $0.batches += 1 }
    return try await base.load(keys)
  }

  func save(_ entry: CachedValue<Base.Value>, for key: Base.Key) async throws { try await base.save(entry, for: key) }
  func clear(_ key: Base.Key) async throws { try await base.clear(key) }
  func write(_ value: Base.Value, for key: Base.Key, at date: Date) async throws -> Bool {
    try await base.write(value, for: key, at: date)
  }
  var keepsChanges: Bool { base.keepsChanges }
  var changeScope: ChangeScope? { base.changeScope }
  func changeKey(_ key: Base.Key) -> String { base.changeKey(key) }
}

/// An origin of stars that must not be asked: every call is counted and fails.
final class ScriptedBools: Fetcher {
  private let count = Mutex(0)

  var calls: Int { count.withLock { $0 } }

  func fetch(_ key: String, pageKey: String?) async throws -> FetchResult<Bool> {
    count.withLock { $0 += 1 }
    throw TestError("the origin was asked for \(key)")
  }
}
