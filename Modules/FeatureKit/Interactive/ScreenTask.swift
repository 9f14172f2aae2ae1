import Synchronization

/// The work a screen runs at a time (a read, a query waiting for the typing to pause): starting another cancels
/// it, and leaving the screen cancels it.
public final class ScreenTask: Sendable {
  private let task = Mutex<Task<Void, Never>?>(nil)

  /// An idle task.
  public init() {}

  /// Cancels the running work and starts `work`.
  public func replace(with work: @escaping @Sendable () async -> Void) {
    let next = Task { await work() }
    task.withLock { running in
      running?.cancel()
      running = next
    }
  }

  /// Cancels the running work.
  public func cancel() {
    task.withLock { $0?.cancel() }
  }
}
