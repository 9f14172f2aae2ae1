import Foundation
import Infrastructure
import TestScheduling
import Testing

@testable import Repository

@Suite(.timeLimit(.minutes(1)), .untimed)
struct StoreTests {
  let fixture: StoreFixture
  let start = StoreFixture.start

  init() throws {
    fixture = try StoreFixture()
  }

  @Test func emptyCacheAndASuccessfulFetch() async throws {
    let fetcher = ScriptedFetcher([.value(["a"])])
    let store = fixture.makeStore(fetcher)

    let states = await allStates(of: store.stream("k"))

    #expect(states == [.loading(cached: nil), .completed(fromNetwork(["a"], fetchedAt: start))])
    #expect(fetcher.callCount == 1)
    #expect(try await fixture.cacher.load("k") == CachedValue(value: ["a"], fetchedAt: start))
  }

  @Test func emptyCacheAndAFailingFetch() async throws {
    let fetcher = ScriptedFetcher([.failure("offline")])
    let store = fixture.makeStore(fetcher)

    let states = await allStates(of: store.stream("k"))

    #expect(states == [.loading(cached: nil), .error(TestError("offline"), cached: nil)])
    #expect(fetcher.callCount == 1)
    #expect(try await fixture.cacher.load("k") == nil)
  }

  @Test func freshCacheAnswersWithoutFetching() async throws {
    try await fixture.seed("k", ["cached"])
    fixture.clock.advance(by: StoreFixture.timeToLive - 1)
    let fetcher = ScriptedFetcher([])
    let store = fixture.makeStore(fetcher)

    let states = await allStates(of: store.stream("k"))
    let again = try await store.settled("k", policy: .standard)

    #expect(states == [.completed(fromCache(["cached"], fetchedAt: start))])
    #expect(again == StoreResponse(value: ["cached"], source: .cache, fetchedAt: start, isStale: false))
    #expect(fetcher.callCount == 0)
  }

  @Test func staleCacheStaysVisibleWhileASuccessfulFetchRuns() async throws {
    try await fixture.seed("k", ["old"])
    fixture.clock.advance(by: StoreFixture.timeToLive)
    let now = fixture.clock.now()
    let fetcher = ScriptedFetcher([.value(["new"])])
    let store = fixture.makeStore(fetcher)

    let states = await allStates(of: store.stream("k"))

    #expect(
      states == [
        .loading(cached: fromCache(["old"], fetchedAt: start, stale: true)),
        .completed(fromNetwork(["new"], fetchedAt: now)),
      ])
    #expect(fetcher.callCount == 1)
    #expect(try await fixture.cacher.load("k") == CachedValue(value: ["new"], fetchedAt: now))
  }

  @Test func staleCacheSurvivesAFailingFetch() async throws {
    try await fixture.seed("k", ["old"])
    fixture.clock.advance(by: StoreFixture.timeToLive + 1)
    let fetcher = ScriptedFetcher([.failure("HTTP 503")])
    let store = fixture.makeStore(fetcher)

    let states = await allStates(of: store.stream("k"))

    let old = fromCache(["old"], fetchedAt: start, stale: true)
    #expect(states == [.loading(cached: old), .error(TestError("HTTP 503"), cached: old)])
    #expect(try await fixture.cacher.load("k") == CachedValue(value: ["old"], fetchedAt: start))
    let cached = try await store.settled("k", policy: .offline)
    #expect(cached == StoreResponse(value: ["old"], source: .cache, fetchedAt: start, isStale: true))
  }

  @Test func forcedRefreshFetchesAFreshCacheAgain() async throws {
    try await fixture.seed("k", ["old"])
    let fetcher = ScriptedFetcher([.value(["new"]), .value(["newer"])])
    let store = fixture.makeStore(fetcher)

    let states = await allStates(of: store.stream("k", policy: .refresh))
    fixture.clock.advance(by: 1)
    let refreshed = try await store.settled("k", policy: .refresh)

    #expect(
      states == [
        .loading(cached: fromCache(["old"], fetchedAt: start)), .completed(fromNetwork(["new"], fetchedAt: start)),
      ])
    #expect(refreshed == StoreResponse(value: ["newer"], source: .network, fetchedAt: start + 1, isStale: false))
    #expect(fetcher.callCount == 2)
  }

  @Test func aClearDuringAFetchReachesItsReaders() async throws {
    try await fixture.seed("k", ["cached"])
    fixture.clock.advance(by: StoreFixture.timeToLive)
    let now = fixture.clock.now()
    let gate = Gate()
    let fetcher = ScriptedFetcher([.value(["fetched"])], gate: gate)
    let store = fixture.makeStore(fetcher)
    var states = store.stream("k").makeAsyncIterator()

    #expect(await states.next() == .loading(cached: fromCache(["cached"], fetchedAt: start, stale: true)))

    try await store.clear("k")
    #expect(await states.next() == .loading(cached: nil))
    gate.open()
    #expect(await states.next() == .completed(fromNetwork(["fetched"], fetchedAt: now)))
    #expect(await states.next() == nil)
    #expect(fetcher.callCount == 1)
    #expect(try await fixture.cacher.load("k") == CachedValue(value: ["fetched"], fetchedAt: now))
  }

  @Test func anOfflineReadYieldsTheCacheWithItsAgeAndEnds() async throws {
    try await fixture.seed("k", ["old"])
    fixture.clock.advance(by: StoreFixture.timeToLive + 30)
    let fetcher = ScriptedFetcher([])
    let store = fixture.makeStore(fetcher)

    let states = await allStates(of: store.stream("k", policy: .offline))

    #expect(states == [.completed(fromCache(["old"], fetchedAt: start, stale: true))])
    #expect(fetcher.callCount == 0)
  }

  @Test func anOfflineReadOfNothingSaysNotCachedAndEnds() async throws {
    let fetcher = ScriptedFetcher([])
    let store = fixture.makeStore(fetcher)

    let states = await allStates(of: store.stream("k", policy: .offline))

    #expect(states == [.error(StoreError.notCached(key: "k"), cached: nil)])
    #expect(fetcher.callCount == 0)
  }

  @Test func clearWithoutObserversOnlyForgets() async throws {
    try await fixture.seed("k", ["cached"])
    let fetcher = ScriptedFetcher([])
    let store = fixture.makeStore(fetcher)

    try await store.clear("k")

    await #expect(throws: StoreError.notCached(key: "k")) { try await store.settled("k", policy: .offline) }
    #expect(fetcher.callCount == 0)
  }

  @Test func eachPolicyReadsFromItsSource() async throws {
    let fetcher = ScriptedFetcher([.value(["one"]), .value(["two"]), .failure("down")])
    let store = fixture.makeStore(fetcher)

    await #expect(throws: StoreError.notCached(key: "k")) { try await store.settled("k", policy: .offline) }
    let first = try await store.settled("k", policy: .standard)
    #expect(first == StoreResponse(value: ["one"], source: .network, fetchedAt: start, isStale: false))
    #expect(try await store.settled("k", policy: .standard).source == .cache)
    #expect(try await store.settled("k", policy: .refresh).value == ["two"])

    fixture.clock.advance(by: StoreFixture.timeToLive)
    await #expect(throws: TestError.self) { try await store.settled("k", policy: .standard) }
    let kept = try await store.settled("k", policy: .offline)
    #expect(kept == StoreResponse(value: ["two"], source: .cache, fetchedAt: start, isStale: true))
    #expect(fetcher.callCount == 3)
  }

  @Test func aCacheThatCannotBeReadIsReportedWithoutFetching() async throws {
    let fetcher = ScriptedFetcher([.value(["a"])])
    let store = Store(
      cacher: BrokenCacher(failsLoading: true), fetcher: fetcher, freshness: .ttl(.seconds(60)), clock: fixture.clock)

    let states = await allStates(of: store.stream("k"))

    #expect(states == [.error(TestError("disk I/O error"), cached: nil)])
    // A cache-only read reports the broken cache too, not an empty one.
    await #expect(throws: TestError.self) { try await store.settled("k", policy: .offline) }
    #expect(fetcher.callCount == 0)
  }

  @Test func aFetchedValueThatCannotBeSavedIsAnError() async throws {
    let fetcher = ScriptedFetcher([.value(["a"])])
    let store = Store(
      cacher: BrokenCacher(failsLoading: false), fetcher: fetcher, freshness: .ttl(.seconds(60)), clock: fixture.clock)

    let states = await allStates(of: store.stream("k"))

    #expect(states == [.loading(cached: nil), .error(TestError("disk full"), cached: nil)])
  }

  @Test func keysAreIndependent() async throws {
    try await fixture.seed("fresh", ["cached"])
    let fetcher = ScriptedFetcher([.value(["fetched"])])
    let store = fixture.makeStore(fetcher)

    #expect(try await store.settled("fresh").value == ["cached"])
    #expect(try await store.settled("missing").value == ["fetched"])
    #expect(fetcher.calls == [ScriptedFetcher.Call(key: "missing", pageKey: nil)])
  }
}

/// A cache whose disk is broken: loading fails, or loading finds nothing and saving fails.
private struct BrokenCacher: Cacher {
  let failsLoading: Bool

  func load(_ key: String) async throws -> CachedValue<[String]>? {
    if failsLoading { throw TestError("disk I/O error") }
    return nil
  }

  func save(_ entry: CachedValue<[String]>, for key: String) async throws {
    throw TestError("disk full")
  }

  func clear(_ key: String) async throws {}
}
