import Dispatch
import Synchronization

/// A value that blocking work makes (a database connection), made once however many tasks ask for it at the same
/// time, off the cooperative thread pool; after a failure the next request tries again.
final class OpenOnce<Value: Sendable>: Sendable {
  private enum State {
    case idle
    case opening(waiters: [CheckedContinuation<Value, any Error>])
    case ready(Value)
  }

  private let state: Mutex<State>

  /// What a request does after looking at the state.
  private enum Next {
    case ready(Value)
    case wait
    case start
  }

  /// No value yet: the first request makes it.
  init() {
    state = Mutex(.idle)
  }

  /// A value there already: no work is done.
  init(ready value: Value) {
    state = Mutex(.ready(value))
  }

  /// The value when it is made, without waiting or starting the work.
  var current: Value? {
    state.withLock { state in
      if case .ready(let value) = state { return value }
      return nil
    }
  }

  /// How many requests wait for the value being made (for tests, which let the making end only once one waits).
  var waiting: Int {
    state.withLock { state in
      if case .opening(let waiters) = state { return waiters.count }
      return 0
    }
  }

  /// The value: made now by `make` on a dispatch thread, or by the request already making it.
  func value(_ make: @escaping @Sendable () throws -> Value) async throws -> Value {
    if let value = current { return value }
    return try await withCheckedThrowingContinuation { continuation in
      let next: Next = state.withLock { state in
        switch state {
        case .ready(let value):
          return .ready(value)
        case .opening(let waiters):
          state = .opening(waiters: waiters + [continuation])
          return .wait
        case .idle:
          state = .opening(waiters: [continuation])
          return .start
        }
      }
      switch next {
      case .ready(let value): continuation.resume(returning: value)
      case .wait: break
      case .start: DispatchQueue.global(qos: .userInitiated).async { self.finish(make) }
      }
    }
  }

  /// Starts making the value with `make` on a dispatch thread, unless it is made or being made; returns at once.
  func start(_ make: @escaping @Sendable () throws -> Value) {
    let starts: Bool = state.withLock { state in
      guard case .idle = state else { return false }
      state = .opening(waiters: [])
      return true
    }
    if starts { DispatchQueue.global(qos: .userInitiated).async { self.finish(make) } }
  }

  /// Makes the value with `make` on the calling thread, unless it is made or being made; a request that comes
  /// meanwhile waits for it. Returns when the value is made or making it failed.
  func makeHere(_ make: @Sendable () throws -> Value) {
    let starts: Bool = state.withLock { state in
      guard case .idle = state else { return false }
      state = .opening(waiters: [])
      return true
    }
    if starts { finish(make) }
  }

  /// Makes the value and hands the outcome to every waiter.
  private func finish(_ make: () throws -> Value) {
    let result = Result { try make() }
    let waiters = state.withLock { state in
      guard case .opening(let waiters) = state else { return [CheckedContinuation<Value, any Error>]() }
      if case .success(let value) = result { state = .ready(value) } else { state = .idle }
      return waiters
    }
    for waiter in waiters { waiter.resume(with: result) }
  }
}
