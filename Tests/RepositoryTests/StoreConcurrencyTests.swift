import Foundation
import Infrastructure
import TestScheduling
import Testing

@testable import Repository

@Suite(.timeLimit(.minutes(1)), .untimed)
struct StoreConcurrencyTests {
  let fixture: StoreFixture
  let start = StoreFixture.start

  init() throws {
    fixture = try StoreFixture()
  }

  @Test func fiftyConcurrentReadsMakeOneFetch() async throws {
    let gate = Gate()
    let fetcher = ScriptedFetcher([.value(["a"]), .value(["unexpected second fetch"])], gate: gate)
    let store = fixture.makeStore(fetcher)
    let (entered, enteredContinuation) = AsyncStream.makeStream(of: Void.self)

    try await withThrowingTaskGroup(of: [String].self) { group in
      for _ in 0..<50 {
        group.addTask {
          enteredContinuation.yield()
          return try await store.get("k", policy: .standard).value
        }
      }
      // Hold the fetch until every reader has asked; a reader that comes after it still finds fresh data.
      var iterator = entered.makeAsyncIterator()
      for _ in 0..<50 { await iterator.next() }
      var started = fetcher.started.makeAsyncIterator()
      #expect(await started.next() == ScriptedFetcher.Call(key: "k", pageKey: nil))
      gate.open()

      var answers = 0
      for try await value in group {
        #expect(value == ["a"])
        answers += 1
      }
      #expect(answers == 50)
    }
    #expect(fetcher.callCount == 1)
    #expect(await store.activeFetchCount == 0)
  }

  @Test func aStreamStartedDuringAFetchJoinsIt() async throws {
    let gate = Gate()
    let fetcher = ScriptedFetcher([.value(["a"])], gate: gate)
    let store = fixture.makeStore(fetcher)
    var first = store.stream("k").makeAsyncIterator()
    var second = store.stream("k").makeAsyncIterator()

    #expect(await first.next() == .loading(cached: nil))
    #expect(await second.next() == .loading(cached: nil))
    gate.open()

    let completed = LoadingState<[String]>.completed(["a"], source: .network, fetchedAt: start)
    #expect(await first.next() == completed)
    #expect(await second.next() == completed)
    #expect(fetcher.callCount == 1)
  }

  @Test func aStreamConsumerLeavingDisturbsNoOtherWaiter() async throws {
    let gate = Gate()
    let fetcher = ScriptedFetcher([.value(["a"])], gate: gate)
    let store = fixture.makeStore(fetcher)
    let (leaving, leavingStates) = consume(store.stream("k"))
    let (staying, stayingStates) = consume(store.stream("k"))
    var leavingIterator = leavingStates.makeAsyncIterator()
    var stayingIterator = stayingStates.makeAsyncIterator()

    #expect(await leavingIterator.next() == .loading(cached: nil))
    #expect(await stayingIterator.next() == .loading(cached: nil))
    #expect(store.observerCount(for: "k") == 2)

    leaving.cancel()
    #expect(await leavingIterator.next() == nil)  // Its loop ended; the stream's termination ran before that.
    #expect(store.observerCount(for: "k") == 1)
    #expect(await store.activeFetchCount == 1)

    gate.open()
    #expect(await stayingIterator.next() == .completed(["a"], source: .network, fetchedAt: start))
    #expect(fetcher.callCount == 1)
    #expect(await store.activeFetchCount == 0)

    staying.cancel()
    #expect(await stayingIterator.next() == nil)
    #expect(store.observerCount(for: "k") == 0)
  }

  @Test func aCancelledReaderLeavesAtOnceAndTheOtherGetsTheValue() async throws {
    let gate = Gate()
    let fetcher = ScriptedFetcher([.value(["a"])], gate: gate)
    let store = fixture.makeStore(fetcher)
    var started = fetcher.started.makeAsyncIterator()

    let staying = Task { try await store.get("k", policy: .refresh) }
    #expect(await started.next() != nil)
    let leaving = Task { try await store.get("k", policy: .refresh) }
    leaving.cancel()

    // The gate is still shut, so the cancelled reader can only have left through its own cancellation.
    await #expect(throws: CancellationError.self) { try await leaving.value }
    gate.open()
    #expect(try await staying.value.value == ["a"])
    #expect(fetcher.callCount == 1)
    #expect(await store.activeFetchCount == 0)
    #expect(await store.waiterCount(for: "k") == 0)
  }

  @Test func aReaderCancelledWhileWaitingLeavesAndTheFetchGoesOn() async throws {
    let gate = Gate()
    let fetcher = ScriptedFetcher([.value(["a"])], gate: gate)
    let store = fixture.makeStore(fetcher)
    var started = fetcher.started.makeAsyncIterator()

    let staying = Task { try await store.get("k", policy: .standard) }
    #expect(await started.next() != nil)
    let leaving = Task { try await store.get("k", policy: .standard) }
    // Wait, without sleeping, until the second reader has joined the running fetch.
    while await store.waiterCount(for: "k") < 2 { await Task.yield() }
    leaving.cancel()

    await #expect(throws: CancellationError.self) { try await leaving.value }
    #expect(await store.waiterCount(for: "k") == 1)
    #expect(await store.activeFetchCount == 1)
    gate.open()
    #expect(try await staying.value.value == ["a"])
    #expect(fetcher.callCount == 1)
    #expect(await store.activeFetchCount == 0)
  }

  @Test func breakingOutOfALoopUnsubscribes() async throws {
    try await fixture.seed("k", ["cached"])
    let store = fixture.makeStore(ScriptedFetcher([]))

    let states = await firstStates(1, of: store.stream("k"))

    #expect(states == [.completed(["cached"], source: .cache, fetchedAt: start)])
    #expect(store.observerCount(for: "k") == 0)
  }

  /// Iterates `stream` in a task of its own and forwards what it sees; the forwarded sequence ends with the task.
  private func consume(_ stream: StoreStream<[String]>) -> (Task<Void, Never>, AsyncStream<LoadingState<[String]>>) {
    let (states, continuation) = AsyncStream.makeStream(of: LoadingState<[String]>.self)
    let task = Task {
      for await state in stream { continuation.yield(state) }
      continuation.finish()
    }
    return (task, states)
  }
}
