import Synchronization

/// The first of several racing answers: a waiter resumes once, with whichever answer is given first.
final class FirstAnswer<Value: Sendable>: Sendable {
  private enum State {
    case waiting(CheckedContinuation<Value, Never>?)
    case answered(Value)
  }

  private let state = Mutex(State.waiting(nil))

  /// Gives `value`; ignored when an answer was already given.
  func give(_ value: Value) {
    let waiter: CheckedContinuation<Value, Never>? = state.withLock { state in
      guard case .waiting(let waiter) = state else { return nil }
      state = .answered(value)
      return waiter
    }
    waiter?.resume(returning: value)
  }

  /// Starts the racers with `start`, then waits for the first answer (at once, when one was already given).
  func wait(start: () -> Void) async -> Value {
    await withCheckedContinuation { continuation in
      let ready: Value? = state.withLock { state in
        switch state {
        case .answered(let value): return value
        case .waiting: state = .waiting(continuation); return nil
        }
      }
      if let ready { continuation.resume(returning: ready) }
      start()
    }
  }
}
