import Foundation
import Infrastructure
import InfrastructureTesting
import Repository
import Synchronization
import TestScheduling
import Testing
import UseCase

@Suite(.untimed) struct ReadStateTests {
  enum Failure: Error, Equatable {
    case down(String)
    case notFound
    case notCached
  }

  static let fetchedAt = Date(timeIntervalSince1970: 1_000)
  static let now = fetchedAt.addingTimeInterval(600)

  static func failure(_ error: any Error) -> Failure {
    if let error = error as? StoreError, case .notCached = error { return .notCached }
    return "\(error)" == "404" ? .notFound : .down("\(error)")
  }

  static func read(_ state: LoadingState<[String]>) -> ReadState<Int, Failure> {
    ReadState(state, answeredAt: now, content: \.count, failure: failure, keepsCache: { $0 != .notFound })
  }

  static func outcome(_ count: Int, source: DataSource, stale: Bool = false) -> Outcome<Int, Failure> {
    Outcome(count, provenance: Provenance(source: source, fetchedAt: fetchedAt, isStale: stale), answeredAt: now)
  }

  static func cached(_ value: [String], stale: Bool = true) -> StoreResponse<[String]> {
    StoreResponse(value: value, source: .cache, fetchedAt: fetchedAt, isStale: stale)
  }

  struct Message: Error, CustomStringConvertible {
    let description: String
  }

  @Test func loadingCarriesTheCachedOutcomeWithItsAge() {
    let state = Self.read(.loading(cached: Self.cached(["a", "b"])))
    #expect(state == .loading(Self.outcome(2, source: .cache, stale: true)))
    #expect(state.outcome?.age == 600)
    #expect(!state.isSettled)
    #expect(Self.read(.loading(cached: nil)) == .loading(nil))
  }

  @Test func anAnswerIsDoneWithItsSource() {
    let fetched = StoreResponse(value: ["a"], source: .network, fetchedAt: Self.fetchedAt, isStale: false)
    #expect(Self.read(.completed(fetched)) == .done(Self.outcome(1, source: .network)))
    #expect(Self.read(.completed(Self.cached(["a"], stale: false))) == .done(Self.outcome(1, source: .cache)))
  }

  @Test func aFailureWithCachedContentKeepsItAndSaysWhy() {
    let state = Self.read(.error(Message(description: "503"), cached: Self.cached(["a", "b", "c"], stale: false)))
    let kept = Self.outcome(3, source: .cache).keptBecause(.down("503"))
    #expect(state == .done(kept))
    #expect(state.outcome?.refreshFailure == .down("503"))
    #expect(state.outcome?.provenance.isStale == true)
    #expect(state.isSettled)
  }

  @Test func aFailureWithNothingToKeepIsTypedAndFinal() {
    #expect(Self.read(.error(Message(description: "503"), cached: nil)) == .failed(.down("503")))
    #expect(Self.read(.error(StoreError.notCached(key: "k"), cached: nil)) == .failed(.notCached))
    // A failure that makes the cache irrelevant shows no stale content.
    #expect(Self.read(.error(Message(description: "404"), cached: Self.cached(["a"]))) == .failed(.notFound))
  }

  @Test func aStoresReadArrivesInTheUseCasesTermsAndEnds() async throws {
    let cache = MemoryCacher(["k": CachedValue(value: ["old"], fetchedAt: Self.fetchedAt)])
    let origin = HeldOrigin(answer: ["new", "newer"])
    let clock = ManualClock(Self.now)
    let store = Store(cacher: cache, fetcher: origin, freshness: .ttl(.seconds(60)), clock: clock)

    var states = store.stream("k").reading(on: clock, content: \.count, failure: Self.failure).makeAsyncIterator()
    #expect(await states.next() == .loading(Self.outcome(1, source: .cache, stale: true)))
    origin.release()
    let done = try #require(await states.next())
    #expect(
      done == .done(Outcome(2, provenance: Provenance(source: .network, fetchedAt: Self.now), answeredAt: Self.now)))
    #expect(await states.next() == nil)
  }

  @Test func aConsumerThatStopsEndsTheReadAndTheFetchNoOneElseWants() async throws {
    let origin = HeldOrigin(answer: ["never shown"])
    let clock = ManualClock(Self.now)
    let store = Store(cacher: MemoryCacher([:]), fetcher: origin, freshness: .ttl(.seconds(60)), clock: clock)
    let reading = store.stream("k").reading(on: clock, content: \.count, failure: Self.failure)

    let consumer = Task { () -> ReadState<Int, Failure>? in
      for await state in reading where !state.isSettled { return state }
      return nil
    }
    #expect(await consumer.value == ReadState<Int, Failure>.loading(nil))
    #expect(await origin.cancelled)
  }
}

/// The kit's ways of making and reading a ``Reading``: one state, a mapped read, the settled answer.
@Suite(.untimed) struct ReadingTests {
  typealias State = ReadState<Int, ReadStateTests.Failure>

  static let outcome = ReadStateTests.outcome(2, source: .network)

  @Test func aReadOfOneStateYieldsItAndEnds() async {
    var states = Reading<State>.just(.failed(.notFound)).makeAsyncIterator()
    #expect(await states.next() == .failed(.notFound))
    #expect(await states.next() == nil)
  }

  @Test func aMappedReadTransformsEveryStateInOrder() async {
    let cache = MemoryCacher(["k": CachedValue(value: ["old"], fetchedAt: ReadStateTests.fetchedAt)])
    let origin = HeldOrigin(answer: ["new", "newer"])
    let clock = ManualClock(ReadStateTests.now)
    let store = Store(cacher: cache, fetcher: origin, freshness: .ttl(.seconds(60)), clock: clock)
    let doubled = store.stream("k").reading(on: clock, content: \.count, failure: ReadStateTests.failure)
      .map { state -> State in
        guard case .done(let outcome) = state else { return state }
        return .done(outcome.map { $0 * 10 })
      }
    var states = doubled.makeAsyncIterator()
    #expect(await states.next() == .loading(ReadStateTests.outcome(1, source: .cache, stale: true)))
    origin.release()
    #expect(await states.next()?.outcome?.content == 20)
    #expect(await states.next() == nil)
  }

  @Test func settledAnswersTheOutcomeOrThrowsTheTypedFailure() async throws {
    let loadingThenDone = Reading<State> {
      AsyncStream { continuation in
        continuation.yield(.loading(nil))
        continuation.yield(.done(Self.outcome))
        continuation.finish()
      }
    }
    #expect(try await loadingThenDone.settled() == Self.outcome)
    await #expect(throws: ReadStateTests.Failure.notCached) {
      try await Reading<State>.just(.failed(.notCached)).settled()
    }
    // A read that ends before it settles (its task was cancelled) has no answer.
    let unsettled = Reading<State> {
      AsyncStream { continuation in
        continuation.yield(.loading(nil))
        continuation.finish()
      }
    }
    #expect(try await unsettled.settled() == nil)
  }

  @Test func settlingTakesTheStoresSettledStateBeforeItIsMapped() async throws {
    let cache = MemoryCacher(["k": CachedValue(value: ["a"], fetchedAt: ReadStateTests.fetchedAt)])
    let clock = ManualClock(ReadStateTests.now)
    let store = Store(
      cacher: cache, fetcher: HeldOrigin(answer: []), freshness: .ttl(.seconds(3_600)), clock: clock)
    let reading = store.stream("k").reading(
      on: clock, content: \.count, failure: ReadStateTests.failure,
      settling: { state in
        guard case .completed(var response) = state else { return state }
        response.value.append("b")
        return .completed(response)
      })
    #expect(try await reading.settled() == ReadStateTests.outcome(2, source: .cache))
  }
}

/// Two reads' states as one: ``ReadState/both(_:_:)``.
@Suite(.untimed) struct CombinedStateTests {
  typealias Failure = ReadStateTests.Failure

  static let old = Date(timeIntervalSince1970: 1_000)
  static let new = Date(timeIntervalSince1970: 2_000)
  static let earlier = Date(timeIntervalSince1970: 3_000)
  static let later = Date(timeIntervalSince1970: 4_000)

  static func cached(_ value: Int, stale: Bool = false, waits: Bool = false) -> Outcome<Int, Failure> {
    Outcome(
      value, provenance: Provenance(source: .cache, fetchedAt: old, isStale: stale, waitsForOrigin: waits),
      answeredAt: earlier)
  }

  static func fetched(_ value: String, waits: Bool = false) -> Outcome<String, Failure> {
    Outcome(value, provenance: Provenance(source: .network, fetchedAt: new, waitsForOrigin: waits), answeredAt: later)
  }

  /// Both parts' outcome: the contents, from the network, as old as the older part, answered with the later.
  static func both(
    _ one: Int, _ other: String, stale: Bool = false, waits: Bool = false, refreshFailure: Failure? = nil
  ) -> Outcome<(Int, String), Failure> {
    Outcome(
      (one, other), provenance: Provenance(source: .network, fetchedAt: old, isStale: stale, waitsForOrigin: waits),
      answeredAt: later, refreshFailure: refreshFailure)
  }

  static func same(_ state: ReadState<(Int, String), Failure>, _ expected: ReadState<(Int, String), Failure>) -> Bool {
    state.map { "\($0.0) \($0.1)" } == expected.map { "\($0.0) \($0.1)" }
  }

  @Test func loadingWhileEitherLoadsWithBothOutcomesWhenEachHasOne() {
    let state = ReadState.both(.loading(Self.cached(1, stale: true)), .done(Self.fetched("a")))
    #expect(Self.same(state, .loading(Self.both(1, "a", stale: true))), "\(state)")
    let missing = ReadState<(Int, String), Failure>.both(.loading(nil), .done(Self.fetched("a")))
    #expect(Self.same(missing, .loading(nil)), "\(missing)")
    let failedMeanwhile = ReadState.both(.loading(Self.cached(1)), ReadState<String, Failure>.failed(.down("x")))
    #expect(Self.same(failedMeanwhile, .loading(nil)), "a part that failed waits for the other to settle")
  }

  @Test func doneWhenBothAreAsOldAsTheOlderPart() {
    let state = ReadState.both(.done(Self.cached(1)), .done(Self.fetched("a")))
    #expect(Self.same(state, .done(Self.both(1, "a"))), "\(state)")
  }

  @Test func aPartKeptFromItsCacheKeepsTheWholeAndAFailedPartFailsIt() {
    let kept = ReadState.both(.done(Self.cached(1).keptBecause(.down("down"))), .done(Self.fetched("a")))
    #expect(Self.same(kept, .done(Self.both(1, "a", stale: true, refreshFailure: .down("down")))), "\(kept)")
    let lost = ReadState.both(.done(Self.cached(1)), ReadState<String, Failure>.failed(.down("down")))
    #expect(Self.same(lost, .failed(.down("down"))), "\(lost)")
    let first = ReadState<(Int, String), Failure>.both(.failed(.notFound), .failed(.down("down")))
    #expect(Self.same(first, .failed(.notFound)), "the first part's failure: \(first)")
  }

  /// A change waiting for its origin in either part is one of both: each of the four mixes, in every state.
  @Test(arguments: [(false, false), (true, false), (false, true), (true, true)])
  func bothWaitForTheirOriginWhenEitherPartDoes(first: Bool, second: Bool) {
    let one = Self.cached(1, waits: first)
    let other = Self.fetched("a", waits: second)
    for state in [
      ReadState.both(.done(one), .done(other)), ReadState.both(.loading(one), .done(other)),
      ReadState.both(.done(one.keptBecause(.down("down"))), .done(other)),
    ] {
      #expect(state.outcome?.provenance.waitsForOrigin == (first || second), "\(state)")
    }
  }

  /// `map` changes the content and keeps everything else of the outcome, in every state.
  @Test func mapKeepsEveryFieldButTheContent() throws {
    let outcome = Outcome<Int, Failure>(
      2, provenance: Provenance(source: .network, fetchedAt: Self.new, isStale: true, waitsForOrigin: true),
      answeredAt: Self.later, refreshFailure: .down("down"))
    for state in [ReadState.done(outcome), .loading(outcome)] {
      let mapped = try #require(state.map { "\($0 * 10)" }.outcome)
      #expect(
        mapped
          == Outcome(
            "20", provenance: outcome.provenance, answeredAt: Self.later, refreshFailure: .down("down")),
        "\(state)")
    }
    #expect(ReadState<Int, Failure>.failed(.notFound).map { "\($0)" } == .failed(.notFound))
  }

  @Test func combiningReadsEndsWithBothSettled() async {
    let first = Reading<ReadState<Int, Failure>>.just(.done(Self.cached(1)))
    let second = Reading<ReadState<String, Failure>> {
      AsyncStream { continuation in
        continuation.yield(.loading(nil))
        continuation.yield(.done(Self.fetched("a")))
        continuation.finish()
      }
    }
    let last = await Reading.combining(first, second).last()
    #expect(last.map { Self.same($0, .done(Self.both(1, "a"))) } == true, "\(String(describing: last))")
  }
}

/// A cache in memory: enough for mapping states, which is what these tests check (the Store's own tests use a real
/// SQLite file).
private final class MemoryCacher: Cacher, Sendable {
  private let entries: Mutex<[String: CachedValue<[String]>]>

  init(_ entries: [String: CachedValue<[String]>]) {
    self.entries = Mutex(entries)
  }

  func load(_ key: String) async throws -> CachedValue<[String]>? { entries.withLock { $0[key] } }
  func save(_ entry: CachedValue<[String]>, for key: String) async throws { entries.withLock { $0[key] = entry } }
  func clear(_ key: String) async throws { _ = entries.withLock { $0.removeValue(forKey: key) } }
}

/// An origin that holds its answer until released, and tells whether its fetch was cancelled while held.
private final class HeldOrigin: Fetcher, Sendable {
  private struct State {
    var released = false
    var waiter: CheckedContinuation<Void, Never>?
    var cancelledWaiters: [CheckedContinuation<Void, Never>] = []
    var wasCancelled = false
  }

  private let answer: [String]
  private let state = Mutex(State())

  init(answer: [String]) {
    self.answer = answer
  }

  /// Lets the held fetch answer.
  func release() {
    let waiter = state.withLock { state in
      state.released = true
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume()
  }

  /// Waits until the fetch's task is cancelled; `true` then.
  var cancelled: Bool {
    get async {
      await withCheckedContinuation { continuation in
        let now = state.withLock { state in
          if !state.wasCancelled { state.cancelledWaiters.append(continuation) }
          return state.wasCancelled
        }
        if now { continuation.resume() }
      }
      return true
    }
  }

  func fetch(_ key: String, pageKey: String?) async throws -> FetchResult<[String]> {
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let ready = state.withLock { state in
          if !state.released { state.waiter = continuation }
          return state.released
        }
        if ready { continuation.resume() }
      }
    } onCancel: {
      let (waiter, watchers) = state.withLock { state in
        state.wasCancelled = true
        defer {
          state.waiter = nil
          state.cancelledWaiters = []
        }
        return (state.waiter, state.cancelledWaiters)
      }
      waiter?.resume()
      for watcher in watchers { watcher.resume() }
    }
    try Task.checkCancellation()
    return FetchResult(answer)
  }
}

/// `Reading.fillingIn(_:by:)`: a settled content's related section, shown pending while it is looked up.
@Suite(.untimed) struct RelatedSectionTests {
  struct Screen: Hashable, Sendable {
    var title: String
    var related: Related<String> = .unavailable(.absent)
  }
  typealias State = ReadState<Screen, ReadStateTests.Failure>

  static func screen(_ related: Related<String> = .unavailable(.absent)) -> Outcome<Screen, ReadStateTests.Failure> {
    Outcome(
      Screen(title: "t", related: related),
      provenance: Provenance(source: .network, fetchedAt: ReadStateTests.fetchedAt), answeredAt: ReadStateTests.now)
  }

  static func states(_ states: [State]) -> Reading<State> {
    Reading {
      AsyncStream { continuation in
        for state in states { continuation.yield(state) }
        continuation.finish()
      }
    }
  }

  @Test func aLookedUpSectionComesPendingWithTheContentThenFilledIn() async {
    let (gate, open) = AsyncStream.makeStream(of: Void.self)
    let read = Self.states([.loading(nil), .done(Self.screen())]).fillingIn(\.related) { screen in
      .lookUp {
        for await _ in gate { break }
        return .found([screen.title + "!"])
      }
    }
    var states = read.makeAsyncIterator()
    #expect(await states.next() == .loading(nil))
    #expect(await states.next() == .loading(Self.screen(.pending)), "the content, before the lookup has answered")
    open.yield()
    #expect(await states.next() == .done(Self.screen(.found(["t!"]))))
    #expect(await states.next() == nil)
  }

  @Test func aKnownSectionIsFilledInAtOnceAndAFailurePassesThrough() async {
    let known = Self.states([.done(Self.screen())]).fillingIn(\.related) { _ in .known(.found([])) }
    #expect(await Array(known) == [.done(Self.screen(.found([])))])
    let failed = Self.states([.failed(.notFound)]).fillingIn(\.related) { _ in
      .lookUp {
        Issue.record("a failed read looks nothing up"); return .found([])
      }
    }
    #expect(await Array(failed) == [.failed(.notFound)])
  }
}
