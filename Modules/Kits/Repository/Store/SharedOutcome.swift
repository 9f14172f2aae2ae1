import Synchronization

/// A result that one task produces once and any number of tasks wait for, each leaving on its own cancellation
/// without disturbing the producer or the other waiters.
///
/// A waiter joins first, synchronously, where it decides to wait (inside the store's step for its key), then
/// waits with its ticket. When the last waiter that joined leaves by cancellation before the result,
/// `onAbandoned` runs, so that the producer can be cancelled if nothing else wants the result.
final class SharedOutcome<Success: Sendable>: Sendable {
  /// One waiter's place.
  struct Ticket: Sendable {
    fileprivate let id: Int
  }

  private struct State {
    var result: Success?
    /// Every waiter that joined and has not left; `nil` until it starts waiting.
    var waiters: [Int: CheckedContinuation<Success, any Error>?] = [:]
    var nextWaiter = 0
  }

  private let state = Mutex(State())
  private let onAbandoned: @Sendable () -> Void

  /// An outcome that calls `onAbandoned` whenever its last waiter leaves before the result.
  init(onAbandoned: @escaping @Sendable () -> Void) {
    self.onAbandoned = onAbandoned
  }

  /// Whether any waiter has joined and not left.
  var isAwaited: Bool { state.withLock { !$0.waiters.isEmpty } }

  /// Joins the waiters; wait with ``value(_:)``.
  func join() -> Ticket {
    state.withLock { state in
      defer { state.nextWaiter += 1 }
      state.waiters[state.nextWaiter] = .some(nil)
      return Ticket(id: state.nextWaiter)
    }
  }

  /// Hands `result` to every waiter and to every later one. Only the first call counts.
  func resolve(_ result: Success) {
    let waiters = state.withLock { state in
      guard state.result == nil else { return [CheckedContinuation<Success, any Error>]() }
      state.result = result
      defer { state.waiters = [:] }
      return state.waiters.values.compactMap { $0 }
    }
    for waiter in waiters { waiter.resume(returning: result) }
  }

  /// Waits for the result.
  ///
  /// - Throws: `CancellationError` when the waiting task is cancelled first; the result is still produced for
  ///   the others.
  func value(_ ticket: Ticket) async throws -> Success {
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let immediate: Result<Success, any Error>? = state.withLock { state in
          if let result = state.result { return .success(result) }
          // Checked under the lock: either the handler below finds the continuation, or this sees the flag.
          if Task.isCancelled {
            state.waiters[ticket.id] = nil
            return .failure(CancellationError())
          }
          state.waiters[ticket.id] = continuation
          return nil
        }
        if let immediate {
          continuation.resume(with: immediate)
          if case .failure = immediate { leftEarly() }
        }
      }
    } onCancel: {
      let waiter = state.withLock { $0.waiters.removeValue(forKey: ticket.id) }
      guard let waiter else { return }
      waiter?.resume(throwing: CancellationError())
      leftEarly()
    }
  }

  /// Tells the producer when the waiter that just left was the last one.
  private func leftEarly() {
    let abandoned = state.withLock { $0.result == nil && $0.waiters.isEmpty }
    if abandoned { onAbandoned() }
  }
}
