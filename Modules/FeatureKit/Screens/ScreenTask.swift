import Repository
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

/// The changes a screen's keys start (star, stock): each runs in a task of its own, one after the other in the
/// order the keys came, so a second change to an item waits for the first. A read, another key or leaving the
/// screen does not cancel them; the key that starts one returns at once.
public final class ChangeQueue: Sendable {
  private let last = Mutex<Task<Void, Never>?>(nil)

  /// An empty queue.
  public init() {}

  /// Returns once every change enqueued so far has run.
  public func idle() async {
    await last.withLock { $0 }?.value
  }

  /// Runs `change` after every change enqueued before it.
  public func enqueue(_ change: @escaping @Sendable () async -> Void) {
    last.withLock { last in
      let previous = last
      last = Task {
        await previous?.value
        await change()
      }
    }
  }
}

/// The screens of a feature that are open (shown, or under the screen shown), so that a change one of them makes
/// (a stock) shows on every one at once: each reads again from the cache just written.
public final class OpenScreens: Sendable {
  private let rereads = Mutex<[ObjectIdentifier: @Sendable () -> Void]>([:])

  /// No screen open.
  public init() {}

  /// `screen` is open; `reread` reads what it shows again.
  public func opened(_ screen: AnyObject, reread: @escaping @Sendable () -> Void) {
    rereads.withLock { $0[ObjectIdentifier(screen)] = reread }
  }

  /// `screen` was left.
  public func closed(_ screen: AnyObject) {
    _ = rereads.withLock { $0.removeValue(forKey: ObjectIdentifier(screen)) }
  }

  /// Something the open screens show changed: each reads it again.
  public func changed() {
    for reread in rereads.withLock({ Array($0.values) }) { reread() }
  }

  /// Shows `screen` as open, to read again after a change (as the context's ``ScreenContext/rereadPolicy`` says),
  /// and starts its first read.
  public func appear(_ screen: some ReadingScreen & AnyObject, redraw: @escaping @Sendable () -> Void) {
    screen.model.appear(redraw: redraw)
    let reread = screen.context.rereadPolicy
    opened(screen) { [weak screen] in screen?.read(policy: reread) }
    screen.read(policy: screen.context.policy)
  }

  /// Leaves `screen`: its read ends, and it reads nothing after a change.
  public func disappear(_ screen: some ReadingScreen & AnyObject) {
    closed(screen)
    screen.model.disappear()
  }
}

/// Sends the changes that wait for their origins (``ChangeOutbox``) in the background of `app ui`, one pass at a
/// time (an origin that does not answer costs one timeout per pass), leaving a key another sender holds to that
/// sender: when the session starts, and whenever a screen's change reached its origin (so the origin answers
/// again). A change a pass finds refused for good is undone, and said on the status line in `app sync`'s words.
/// Under `--offline` it has no outbox and sends nothing.
public final class BackgroundSync: Sendable {
  private let outbox: (@Sendable () -> ChangeOutbox?)?
  private let queue = ChangeQueue()
  private let listener = Mutex<(@Sendable (String) -> Void)?>(nil)

  /// Sends through the outbox `outbox` makes when the first send runs (so that the senders and their clients are
  /// built off the key path, and only when something is sent); nothing when `nil`.
  public init(outbox: (@Sendable () -> ChangeOutbox?)?) {
    self.outbox = outbox
  }

  /// Has `notice` told each refusal a pass meets, as a line (`Refused star octo/hello: <why> (undone)`).
  public func tell(_ notice: @escaping @Sendable (String) -> Void) {
    listener.withLock { $0 = notice }
  }

  /// Sends every waiting change once, after the sends asked before; what fails for a passing reason waits on.
  public func send() {
    guard let outbox else { return }
    queue.enqueue { [self] in
      guard let reports = try? await outbox()?.send(in: ChangeRun(), waitsForHeld: false) else { return }
      for report in reports {
        guard case .refused = report.result, let tell = listener.withLock({ $0 }) else { continue }
        tell(SyncCommand.line(report))
      }
    }
  }

  /// Returns once every pass asked for so far has ended.
  public func idle() async {
    await queue.idle()
  }
}
