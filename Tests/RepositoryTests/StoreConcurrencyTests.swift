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
    #expect(try await store.get("k").source == .cache, "the fetch saved its answer and ended")
  }

  @Test func aStreamStartedDuringAFetchJoinsItAndEndsWithIt() async throws {
    let gate = Gate()
    let fetcher = ScriptedFetcher([.value(["a"])], gate: gate)
    let store = fixture.makeStore(fetcher)
    var first = store.stream("k").makeAsyncIterator()
    var second = store.stream("k").makeAsyncIterator()

    #expect(await first.next() == .loading(cached: nil))
    #expect(await second.next() == .loading(cached: nil))
    gate.open()

    let completed = LoadingState<[String]>.completed(fromNetwork(["a"], fetchedAt: start))
    #expect(await first.next() == completed)
    #expect(await second.next() == completed)
    #expect(await first.next() == nil)
    #expect(await second.next() == nil)
    #expect(fetcher.callCount == 1)
  }

  @Test func aStreamConsumerLeavingDisturbsNoOtherObserver() async throws {
    let gate = Gate()
    let fetcher = ScriptedFetcher([.value(["a"])], gate: gate)
    let store = fixture.makeStore(fetcher)
    let (leaving, leavingStates) = consume(store.stream("k"))
    let (staying, stayingStates) = consume(store.stream("k"))
    var leavingIterator = leavingStates.makeAsyncIterator()
    var stayingIterator = stayingStates.makeAsyncIterator()

    #expect(await leavingIterator.next() == .loading(cached: nil))
    #expect(await stayingIterator.next() == .loading(cached: nil))

    leaving.cancel()
    #expect(await leavingIterator.next() == nil)  // Its loop ended; the stream's termination ran before that.

    // The fetch still had an observer, so it went on: a cancelled fetch would end in an error.
    gate.open()
    #expect(await stayingIterator.next() == .completed(fromNetwork(["a"], fetchedAt: start)))
    #expect(await stayingIterator.next() == nil)
    #expect(fetcher.callCount == 1)
    staying.cancel()
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
  }

  @Test func aReaderCancelledWhileOthersWaitLeavesAndTheFetchGoesOn() async throws {
    let gate = Gate()
    let fetcher = ScriptedFetcher([.value(["a"])], gate: gate)
    let store = fixture.makeStore(fetcher)
    var started = fetcher.started.makeAsyncIterator()

    let staying = Task { try await store.get("k", policy: .standard) }
    #expect(await started.next() != nil)
    // Whether the cancellation finds it waiting for the fetch or still on its way there, it leaves alone.
    let leaving = Task { try await store.get("k", policy: .standard) }
    leaving.cancel()

    await #expect(throws: CancellationError.self) { try await leaving.value }
    gate.open()
    #expect(try await staying.value.value == ["a"])
    #expect(fetcher.callCount == 1)
  }

  @Test func theLastObserverLeavingCancelsTheFetch() async throws {
    let gate = Gate()
    let fetcher = ScriptedFetcher([.value(["abandoned"]), .value(["b"])], gate: gate)
    let store = fixture.makeStore(fetcher)
    var cancelled = fetcher.cancelled.makeAsyncIterator()

    // Breaking out of the loop after `loading` leaves no one to show the fetch to.
    let states = await firstStates(1, of: store.watch("k"))
    #expect(states == [.loading(cached: nil)])
    #expect(await cancelled.next() == ScriptedFetcher.Call(key: "k", pageKey: nil))

    // The abandoned fetch saved nothing and is no one's to join: the next read fetches anew.
    gate.open()
    #expect(try await store.get("k").value == ["b"])
    #expect(fetcher.callCount == 2)
    #expect(try await fixture.cacher.load("k")?.value == ["b"])
  }

  @Test func theLastWaiterLeavingCancelsTheFetch() async throws {
    let gate = Gate()
    let fetcher = ScriptedFetcher([.value(["abandoned"])], gate: gate)
    let store = fixture.makeStore(fetcher)
    var started = fetcher.started.makeAsyncIterator()
    var cancelled = fetcher.cancelled.makeAsyncIterator()

    let reader = Task { try await store.get("k", policy: .refresh) }
    #expect(await started.next() != nil)
    reader.cancel()

    await #expect(throws: CancellationError.self) { try await reader.value }
    #expect(await cancelled.next() == ScriptedFetcher.Call(key: "k", pageKey: nil))
    gate.open()
    await #expect(throws: StoreError.notCached(key: "k")) { try await store.get("k", policy: .offline) }
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
