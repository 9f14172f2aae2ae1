import Synchronization

/// A result that one task produces once and any number of tasks wait for, each leaving on its own cancellation
/// without disturbing the producer or the other waiters.
final class SharedOutcome<Success: Sendable>: Sendable {
  private struct State {
    var result: Success?
    var waiters: [Int: CheckedContinuation<Success, any Error>] = [:]
    var nextWaiter = 0
  }

  private let state = Mutex(State())

  /// How many tasks are waiting.
  var waiterCount: Int { state.withLock { $0.waiters.count } }

  /// Hands `result` to every waiter and to every later one. Only the first call counts.
  func resolve(_ result: Success) {
    let waiters = state.withLock { state in
      guard state.result == nil else { return [CheckedContinuation<Success, any Error>]() }
      state.result = result
      defer { state.waiters = [:] }
      return Array(state.waiters.values)
    }
    for waiter in waiters { waiter.resume(returning: result) }
  }

  /// Waits for the result.
  ///
  /// - Throws: `CancellationError` when the waiting task is cancelled first; the result is still produced for
  ///   the others.
  func value() async throws -> Success {
    let id = state.withLock { state in
      defer { state.nextWaiter += 1 }
      return state.nextWaiter
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let immediate: Result<Success, any Error>? = state.withLock { state in
          if let result = state.result { return .success(result) }
          // Checked under the lock: either the handler below finds the continuation, or this sees the flag.
          if Task.isCancelled { return .failure(CancellationError()) }
          state.waiters[id] = continuation
          return nil
        }
        if let immediate { continuation.resume(with: immediate) }
      }
    } onCancel: {
      state.withLock { $0.waiters.removeValue(forKey: id) }?.resume(throwing: CancellationError())
    }
  }
}
