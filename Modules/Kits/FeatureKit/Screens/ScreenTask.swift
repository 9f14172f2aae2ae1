import Synchronization

/// The read a screen runs at a time (a read, a query waiting for the typing to pause): starting another cancels it
/// first, leaving the screen cancels it, and only the latest one's states are shown.
///
/// Each read runs with a ticket in a task-local value, which the presenter's and view model's calls to the screen
/// inherit, so ``isCurrent`` tells a state of the latest read from one that an earlier read, cancelled but not yet
/// ended, delivers late. ``ScreenModel/update(_:)`` drops the latter: the newer read always wins.
public final class ScreenTask: Sendable {
  private struct Running {
    var task: Task<Void, Never>?
    var generation = 0
  }

  /// Which read of which screen task the current task runs for.
  private struct Ticket {
    let owner: ObjectIdentifier
    let generation: Int
  }

  @TaskLocal private static var ticket: Ticket?

  private let running = Mutex(Running())

  /// An idle task.
  public init() {}

  /// Cancels the running read, then starts `work` as the latest one.
  public func replace(with work: @escaping @Sendable () async -> Void) {
    running.withLock { running in
      running.task?.cancel()
      running.generation += 1
      let ticket = Ticket(owner: ObjectIdentifier(self), generation: running.generation)
      running.task = Task { await Self.$ticket.withValue(ticket) { await work() } }
    }
  }

  /// Cancels the running read; nothing it delivers later is current.
  public func cancel() {
    running.withLock { running in
      running.task?.cancel()
      running.task = nil
      running.generation += 1
    }
  }

  /// Whether the caller may change what the screen shows: it is the latest read, or not a read of this task at all
  /// (a key, a change's work).
  public var isCurrent: Bool {
    guard let ticket = Self.ticket, ticket.owner == ObjectIdentifier(self) else { return true }
    return running.withLock { $0.generation == ticket.generation }
  }
}
