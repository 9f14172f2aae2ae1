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

/// Two reads' states as one: ``LoadingState/both(_:_:)``.
@Suite(.untimed) struct CombinedStateTests {
  static let old = Date(timeIntervalSince1970: 1_000)
  static let new = Date(timeIntervalSince1970: 2_000)

  static func cached(_ value: Int, at date: Date = old, stale: Bool = false) -> StoreResponse<Int> {
    StoreResponse(value: value, source: .cache, fetchedAt: date, isStale: stale)
  }

  static func fetched(_ value: String) -> StoreResponse<String> {
    StoreResponse(value: value, source: .network, fetchedAt: new, isStale: false)
  }

  static func parts(_ state: LoadingState<(Int, String)>) -> [String] {
    guard let response = state.response else { return ["nothing"] }
    return [
      "\(response.value.0)", response.value.1, response.source.rawValue,
      "\(response.fetchedAt.timeIntervalSince1970)", "\(response.isStale)",
    ]
  }

  @Test func loadingWhileEitherLoadsWithBothContentsWhenEachHasSome() {
    let state = LoadingState.both(.loading(cached: Self.cached(1, stale: true)), .completed(Self.fetched("a")))
    #expect(state.isLoading)
    #expect(Self.parts(state) == ["1", "a", "network", "1000.0", "true"])
    let missing = LoadingState<(Int, String)>.both(.loading(cached: nil), .completed(Self.fetched("a")))
    #expect(missing.isLoading && missing.response == nil)
    let failedMeanwhile = LoadingState.both(
      .loading(cached: Self.cached(1)),
      LoadingState<String>.error(ReadStateTests.Message(description: "x"), cached: nil))
    #expect(failedMeanwhile.isLoading, "a part that failed waits for the other to settle")
  }

  @Test func completedWhenBothAreAsOldAsTheOlderPart() {
    let state = LoadingState.both(.completed(Self.cached(1)), .completed(Self.fetched("a")))
    guard case .completed = state else {
      Issue.record("expected completed, got \(state)")
      return
    }
    #expect(Self.parts(state) == ["1", "a", "network", "1000.0", "false"])
  }

  @Test func theFirstFailureWithWhatEachPartKeeps() {
    let down = ReadStateTests.Message(description: "down")
    let kept = LoadingState.both(.error(down, cached: Self.cached(1)), .completed(Self.fetched("a")))
    guard case .error(let error, let content?) = kept else {
      Issue.record("expected an error with content, got \(kept)")
      return
    }
    #expect("\(error)" == "down")
    #expect(content.value.0 == 1 && content.value.1 == "a")
    let lost = LoadingState.both(
      .completed(Self.cached(1)), LoadingState<String>.error(down, cached: nil))
    guard case .error(_, nil) = lost else {
      Issue.record("expected an error without content, got \(lost)")
      return
    }
  }

  /// A next page or a waiting change in either part is one of both: each of the four mixes, in every state.
  @Test(arguments: [(false, false), (true, false), (false, true), (true, true)])
  func bothHasANextPageAndWaitsForItsOriginWhenEitherPartDoes(first: Bool, second: Bool) {
    var one = Self.cached(1)
    one.hasNextPage = first
    one.waitsForOrigin = second
    var other = Self.fetched("a")
    other.hasNextPage = second
    other.waitsForOrigin = first
    let down = ReadStateTests.Message(description: "down")
    for state in [
      LoadingState.both(.completed(one), .completed(other)),
      LoadingState.both(.loading(cached: one), .completed(other)),
      LoadingState.both(.error(down, cached: one), .completed(other)),
    ] {
      #expect(state.response?.hasNextPage == (first || second), "\(state)")
      #expect(state.response?.waitsForOrigin == (first || second), "\(state)")
    }
  }

  /// `map` changes the value and keeps every other field of the answer, in every state.
  @Test func mapKeepsEveryFieldButTheValue() throws {
    let response = StoreResponse(
      value: 2, source: .network, fetchedAt: Self.new, isStale: true, hasNextPage: true, waitsForOrigin: true)
    let down = ReadStateTests.Message(description: "down")
    for state in [
      LoadingState.completed(response), .loading(cached: response), .error(down, cached: response),
    ] {
      let mapped = try #require(state.map { "\($0 * 10)" }.response)
      #expect(
        mapped
          == StoreResponse(
            value: "20", source: .network, fetchedAt: Self.new, isStale: true, hasNextPage: true,
            waitsForOrigin: true), "\(state)")
    }
  }

  @Test func combiningReadsEndsWithBothSettled() async {
    let first = Reading<LoadingState<Int>>.just(.completed(Self.cached(1)))
    let second = Reading<LoadingState<String>> {
      AsyncStream { continuation in
        continuation.yield(.loading(cached: nil))
        continuation.yield(.completed(Self.fetched("a")))
        continuation.finish()
      }
    }
    let last = await Reading.combining(first, second).last()
    #expect(last.map(Self.parts) == ["1", "a", "network", "1000.0", "false"])
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
