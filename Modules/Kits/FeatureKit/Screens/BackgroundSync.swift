import Repository
import Synchronization

/// Sends the changes that wait for their origins (``/Repository/ChangeOutbox``) in the background of `app ui`, one pass
/// at a time (an origin that does not answer costs one timeout per pass), leaving a key another sender holds to that
/// sender: when the session starts, and whenever a screen's change reached its origin (so the origin answers again). A
/// change a pass finds refused for good is undone, and said on the status line in `app sync`'s words. Under `--offline`
/// it has no outbox and sends nothing.
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
