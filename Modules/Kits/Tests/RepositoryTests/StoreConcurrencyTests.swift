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
    let (waiting, waitingContinuation) = AsyncStream.makeStream(of: Void.self)

    await withTaskGroup(of: [LoadingState<[String]>].self) { group in
      for _ in 0..<50 {
        group.addTask {
          var states: [LoadingState<[String]>] = []
          for await state in store.stream("k") {
            if states.isEmpty { waitingContinuation.yield() }
            states.append(state)
          }
          return states
        }
      }
      // Hold the fetch until every reader has had its first state, so all of them wait for it at once.
      var iterator = waiting.makeAsyncIterator()
      for _ in 0..<50 { await iterator.next() }
      gate.open()

      let expected: [LoadingState<[String]>] = [
        .loading(cached: nil), .completed(fromNetwork(["a"], fetchedAt: start)),
      ]
      var reads = 0
      for await states in group {
        #expect(states == expected)
        reads += 1
      }
      #expect(reads == 50)
    }
    #expect(fetcher.callCount == 1)
    #expect(try await store.settled("k").source == .cache, "the fetch saved its answer and ended")
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

  @Test(arguments: [CachePolicy.standard, .refresh])
  func aCancelledReaderLeavesAtOnceAndTheFetchGoesOn(policy: CachePolicy) async throws {
    let gate = Gate()
    let fetcher = ScriptedFetcher([.value(["a"])], gate: gate)
    let store = fixture.makeStore(fetcher)
    var started = fetcher.started.makeAsyncIterator()

    let staying = Task { try await store.settled("k", policy: policy) }
    #expect(await started.next() != nil)
    // Whether the cancellation finds it waiting for the fetch or still on its way there, it leaves alone.
    let leaving = Task { try await store.settled("k", policy: policy) }
    leaving.cancel()

    // The gate is still shut, so the cancelled reader can only have left through its own cancellation.
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
    let states = await firstStates(1, of: store.stream("k"))
    #expect(states == [.loading(cached: nil)])
    #expect(await cancelled.next() == ScriptedFetcher.Call(key: "k", pageKey: nil))

    // The abandoned fetch saved nothing and is no one's to join: the next read fetches anew.
    gate.open()
    #expect(try await store.settled("k").value == ["b"])
    #expect(fetcher.callCount == 2)
    #expect(try await fixture.cacher.load("k")?.value == ["b"])
  }

  @Test func theLastWaiterLeavingCancelsTheFetch() async throws {
    let gate = Gate()
    let fetcher = ScriptedFetcher([.value(["abandoned"])], gate: gate)
    let store = fixture.makeStore(fetcher)
    var started = fetcher.started.makeAsyncIterator()
    var cancelled = fetcher.cancelled.makeAsyncIterator()

    let caller = Task { try await store.requestNext("k") }
    #expect(await started.next() != nil)
    caller.cancel()

    await #expect(throws: CancellationError.self) { try await caller.value }
    #expect(await cancelled.next() == ScriptedFetcher.Call(key: "k", pageKey: nil))
    gate.open()
    await #expect(throws: StoreError.notCached(key: "k")) { try await store.settled("k", policy: .offline) }
  }

  @Test func aWaiterLeavingDisturbsNoReaderOfTheFetch() async throws {
    let gate = Gate()
    let fetcher = ScriptedFetcher([.value(["a"], next: "p2")], gate: gate)
    let store = fixture.makeStore(fetcher)
    var started = fetcher.started.makeAsyncIterator()

    let caller = Task { try await store.requestNext("k") }
    #expect(await started.next() == ScriptedFetcher.Call(key: "k", pageKey: nil))
    var reader = store.stream("k").makeAsyncIterator()
    #expect(await reader.next() == .loading(cached: nil))
    caller.cancel()

    await #expect(throws: CancellationError.self) { try await caller.value }
    gate.open()
    #expect(await reader.next() == .completed(fromNetwork(["a"], fetchedAt: start, hasNextPage: true)))
    #expect(await reader.next() == nil)
    #expect(fetcher.callCount == 1)
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
