import Foundation
import Infrastructure
import TestScheduling
import Testing

@testable import Repository

@Suite(.timeLimit(.minutes(1)), .untimed)
struct StorePaginationTests {
  let fixture: StoreFixture
  let start = StoreFixture.start

  init() throws {
    fixture = try StoreFixture()
  }

  /// A store over `replies`, its fetches held at a gate, whose cached list `["a"]` has a next page `p2`; answered
  /// once `requestNext` of that page has started its fetch.
  private func loadingNextPage(
    _ replies: [ScriptedFetcher.Reply]
  ) async throws -> (
    store: Store<String, [String]>, fetcher: ScriptedFetcher, gate: Gate, next: Task<StoreResponse<[String]>, any Error>
  ) {
    try await fixture.seed("k", ["a"], next: "p2")
    let gate = Gate()
    let fetcher = ScriptedFetcher(replies, gate: gate)
    let store = fixture.makeStore(fetcher)
    var started = fetcher.started.makeAsyncIterator()
    let next = Task { try await store.requestNext("k") }
    #expect(await started.next() == ScriptedFetcher.Call(key: "k", pageKey: "p2"))
    return (store, fetcher, gate, next)
  }

  @Test func nextPagesAppendAndTheirKeySurvivesANewStore() async throws {
    let fetcher = ScriptedFetcher([.value(["a", "b"], next: "p2"), .value(["c"], next: "p3"), .value(["d"])])
    let store = fixture.makeStore(fetcher)

    let states = await allStates(of: store.stream("k"))
    #expect(
      states == [.loading(cached: nil), .completed(fromNetwork(["a", "b"], fetchedAt: start, hasNextPage: true))])

    fixture.clock.advance(by: 10)
    let second = try await store.requestNext("k")
    #expect(
      second
        == StoreResponse(
          value: ["a", "b", "c"], source: .network, fetchedAt: start, isStale: false, hasNextPage: true))
    #expect(try await fixture.cacher.load("k")?.nextPageKey == "p3")

    let reopened = fixture.makeStore(fetcher)
    let third = try await reopened.requestNext("k")
    #expect(third.value == ["a", "b", "c", "d"])
    #expect(third.hasNextPage == false)

    let last = try await reopened.requestNext("k")
    #expect(
      last
        == StoreResponse(
          value: ["a", "b", "c", "d"], source: .cache, fetchedAt: start, isStale: false, hasNextPage: false))
    #expect(fetcher.calls.map(\.pageKey) == [nil, "p2", "p3"])
  }

  @Test func aReadWhileANextPageLoadsJoinsItAndGetsTheLongerList() async throws {
    let (store, fetcher, gate, next) = try await loadingNextPage([.value(["b"])])
    var states = store.stream("k").makeAsyncIterator()
    #expect(await states.next() == .loading(cached: fromCache(["a"], fetchedAt: start, hasNextPage: true)))
    gate.open()

    let whole = fromNetwork(["a", "b"], fetchedAt: start)
    #expect(await states.next() == .completed(whole))
    #expect(await states.next() == nil)
    #expect(try await next.value == whole)
    #expect(fetcher.callCount == 1)
  }

  @Test func aFailingNextPageKeepsTheListAndSaysSo() async throws {
    let (store, _, gate, next) = try await loadingNextPage([.failure("page gone")])
    let list = fromCache(["a"], fetchedAt: start, hasNextPage: true)
    var states = store.stream("k").makeAsyncIterator()
    #expect(await states.next() == .loading(cached: list))
    gate.open()

    await #expect(throws: TestError.self) { try await next.value }
    #expect(await states.next() == .error(TestError("page gone"), cached: list))
    #expect(await states.next() == nil)
    #expect(try await fixture.cacher.load("k") == CachedValue(value: ["a"], fetchedAt: start, nextPageKey: "p2"))
    #expect(try await store.settled("k") == list)
  }

  @Test func clearingWhileANextPageLoadsDropsThePageAndStartsOver() async throws {
    let (store, fetcher, gate, next) = try await loadingNextPage([.value(["b"]), .value(["x"], next: "q2")])
    let list = fromCache(["a"], fetchedAt: start, hasNextPage: true)
    var states = store.stream("k").makeAsyncIterator()
    #expect(await states.next() == .loading(cached: list))
    try await store.clear("k")
    #expect(await states.next() == .loading(cached: nil))
    gate.open()

    await #expect(throws: StoreError.clearedWhileLoading(key: "k")) { try await next.value }
    // The read still waiting gets the first page of the list anew.
    #expect(await states.next() == .completed(fromNetwork(["x"], fetchedAt: start, hasNextPage: true)))
    #expect(await states.next() == nil)
    #expect(fetcher.calls.map(\.pageKey) == ["p2", nil])
    #expect(try await fixture.cacher.load("k") == CachedValue(value: ["x"], fetchedAt: start, nextPageKey: "q2"))
  }

  @Test func clearingWhileANextPageLoadsWithNoReaderOnlyDropsThePage() async throws {
    let (store, fetcher, gate, next) = try await loadingNextPage([.value(["b"])])
    try await store.clear("k")
    gate.open()

    await #expect(throws: StoreError.clearedWhileLoading(key: "k")) { try await next.value }
    #expect(fetcher.calls.map(\.pageKey) == ["p2"])
    #expect(try await fixture.cacher.load("k") == nil)
  }

  @Test func requestingNextWithNothingCachedFetchesTheFirstPage() async throws {
    let fetcher = ScriptedFetcher([.value(["a"], next: "p2")])
    let store = fixture.makeStore(fetcher)

    let first = try await store.requestNext("k")

    #expect(first == StoreResponse(value: ["a"], source: .network, fetchedAt: start, isStale: false, hasNextPage: true))
    #expect(fetcher.calls == [ScriptedFetcher.Call(key: "k", pageKey: nil)])
  }

  @Test func aReadGetsTheRemainingPagesAndSettlesOnTheWholeList() async throws {
    let fetcher = ScriptedFetcher([.value(["a"], next: "p2"), .value(["b"], next: "p3"), .value(["c"])])
    let store = fixture.makeStore(fetcher)
    let first = try await store.settled("k", policy: .refresh)
    let state = await store.appendingRemainingPages(to: .completed(first), of: "k")
    #expect(state == .completed(fromNetwork(["a", "b", "c"], fetchedAt: start)))
    #expect(fetcher.calls.map(\.pageKey) == [nil, "p2", "p3"])
  }

  @Test func aFailingRemainingPageSettlesOnTheErrorWithTheListSoFar() async throws {
    try await fixture.seed("k", ["a"], next: "p2")
    let fetcher = ScriptedFetcher([.value(["b"], next: "p3"), .failure("page gone")])
    let store = fixture.makeStore(fetcher)
    let cached = fromCache(["a"], fetchedAt: start, hasNextPage: true)

    let state = await store.appendingRemainingPages(to: .completed(cached), of: "k")
    let soFar = fromCache(["a", "b"], fetchedAt: start, hasNextPage: true)
    #expect(state == .error(TestError("page gone"), cached: soFar))
    // Any state but a completed list with more pages is answered as it is, and asks nothing.
    let failed = LoadingState<[String]>.error(TestError("down"), cached: nil)
    #expect(await store.appendingRemainingPages(to: failed, of: "k") == failed)
    #expect(await store.appendingRemainingPages(to: .loading(cached: cached), of: "k") == .loading(cached: cached))
    #expect(fetcher.calls.map(\.pageKey) == ["p2", "p3"])
  }
}
