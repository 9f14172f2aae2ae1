import Synchronization

/// One value handed from a thread to a task, which takes it: the task waits for it if it asks first. Once taken,
/// the value is the task's alone: the handoff keeps nothing of it (a command's context, which in a test's process
/// must go when the command ends, and close the database).
final class Handoff<Value: Sendable>: Sendable {
  private enum State {
    case waiting(CheckedContinuation<Value, Never>?)
    case handed(Value)
    case taken
  }

  private let state = Mutex(State.waiting(nil))

  /// Takes the value, once handed; asked once.
  func take() async -> Value {
    await withCheckedContinuation { continuation in
      let handed: Value? = state.withLock { state in
        guard case .handed(let value) = state else {
          state = .waiting(continuation)
          return nil
        }
        state = .taken
        return value
      }
      if let handed { continuation.resume(returning: handed) }
    }
  }

  /// Whether a task waits for the value (for tests, which hand it only once a taker waits).
  var hasTaker: Bool {
    state.withLock { state in
      if case .waiting(.some) = state { return true }
      return false
    }
  }

  /// Hands `value` over, to the task waiting for it or to the task that asks for it next.
  func hand(_ value: Value) {
    let waiting: CheckedContinuation<Value, Never>? = state.withLock { state in
      guard case .waiting(let continuation?) = state else {
        state = .handed(value)
        return nil
      }
      state = .taken
      return continuation
    }
    waiting?.resume(returning: value)
  }
}
