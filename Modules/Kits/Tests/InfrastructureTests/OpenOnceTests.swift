import Dispatch
import Synchronization
import TestScheduling
import Testing

@testable import Infrastructure

/// A value made once however it is asked for: on the calling thread (``OpenOnce/makeHere(_:)``, the app's main
/// thread opening the database), while a request waits for it.
@Suite(.untimed) struct OpenOnceTests {
  /// A request that comes while the value is made on another thread waits for that value: `make` runs once.
  @Test func aRequestWhileTheValueIsMadeHereWaitsForIt() async throws {
    let once = OpenOnce<Int>()
    let made = Atomic<Int>(0)
    let started = DispatchSemaphore(value: 0)
    let gate = DispatchSemaphore(value: 0)
    let maker = DispatchGroup()
    DispatchQueue.global().async(group: maker) {
      once.makeHere {
        made.add(1, ordering: .relaxed)
        started.signal()
        gate.wait()
        return 42
      }
    }
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        started.wait()
        continuation.resume()
      }
    }
    let request = Task {
      try await once.value {
        made.add(1, ordering: .relaxed)
        return 7
      }
    }
    while once.waiting == 0 { await Task.yield() }
    gate.signal()
    #expect(try await request.value == 42)
    await withCheckedContinuation { continuation in maker.notify(queue: .global()) { continuation.resume() } }
    #expect(made.load(ordering: .relaxed) == 1)
    #expect(once.current == 42)
  }

  /// Making it here does nothing once it is made; after a failure, the next request makes it again.
  @Test func madeOnceAndTriedAgainAfterAFailure() async throws {
    struct Refused: Error {}
    let failing = OpenOnce<Int>()
    failing.makeHere { throw Refused() }
    #expect(failing.current == nil)
    #expect(try await failing.value { 3 } == 3)
    failing.makeHere {
      Issue.record("made again")
      return 4
    }
    #expect(failing.current == 3)
  }
}
