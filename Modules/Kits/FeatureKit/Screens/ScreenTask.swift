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

/// What a screen follows of a store beside its read (``ScreenModel/follow``): the marks of the rows it shows (stars,
/// stocks), one stream at a time. Following other keys replaces the stream, following the same ones again keeps it,
/// and leaving the screen cancels it. Each value the stream yields is shown as it comes, with no read of the rest.
public final class ScreenFollow: Sendable {
  private let task = ScreenTask()
  private let keys = Mutex<[AnyHashable]?>(nil)

  /// Follows nothing yet.
  public init() {}

  /// Follows what `stream` makes of `keys`, unless these keys are followed already, and hands each value to `show`
  /// (no keys: follows nothing).
  public func callAsFunction<Key: Hashable & Sendable, Value: Sendable>(
    _ keys: [Key], _ stream: @escaping @Sendable ([Key]) -> AsyncStream<Value>,
    show: @escaping @Sendable (Value) -> Void
  ) {
    let changed = self.keys.withLock { followed in
      let keys = keys.map(AnyHashable.init)
      defer { followed = keys }
      return followed != keys
    }
    guard changed else { return }
    guard !keys.isEmpty else { return task.cancel() }
    task.replace {
      for await value in stream(keys) { show(value) }
    }
  }

  /// Follows nothing: the screen was left.
  public func cancel() {
    keys.withLock { $0 = nil }
    task.cancel()
  }
}

/// Runs work one piece after another, in the order it was asked for, each in a task of its own.
final class SerialWork: Sendable {
  private let last = Mutex<Task<Void, Never>?>(nil)

  init() {}

  /// Returns once every piece asked for so far has run.
  func idle() async {
    await last.withLock { $0 }?.value
  }

  /// Runs `work` after every piece asked for before it.
  func enqueue(_ work: @escaping @Sendable () async -> Void) {
    last.withLock { last in
      let previous = last
      last = Task {
        await previous?.value
        await work()
      }
    }
  }
}

/// Sends the changes that wait for their origins (``ChangeOutbox``) in the background of `app ui`, one pass at a
/// time (an origin that does not answer costs one timeout per pass), leaving a key another sender holds to that
/// sender: when the session starts, and whenever a screen's change reached its origin (so the origin answers
/// again). A change a pass finds refused for good is undone, and said on the status line in `app sync`'s words.
/// Under `--offline` it has no outbox and sends nothing.
public final class BackgroundSync: Sendable {
  private let outbox: (@Sendable () -> ChangeOutbox?)?
  private let queue = SerialWork()
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
