import FlyingSocks
import Synchronization

/// Counts the TCP connections a FlyingFox server accepts and closes, through its logger.
///
/// FlyingFox 0.27 has no connection callback, but `HTTPServer.handleConnection` logs
/// `"<peer> open connection"` exactly once for every accepted connection, before reading from it,
/// and `"<peer> close connection"` once it is closed. That log line is the only per-connection
/// hook the server offers; the loopback tests' keep-alive checks fail loudly if it ever changes.
final class ConnectionCountingLogger: Logging {
  private struct Counts {
    var accepted = 0
    var closed = 0
  }

  private let counts = Mutex(Counts())
  private let onError: (@Sendable (String) -> Void)?

  /// Creates a logger; `onError` receives the server's error lines (none are printed otherwise).
  init(onError: (@Sendable (String) -> Void)? = nil) {
    self.onError = onError
  }

  /// Connections accepted so far.
  var accepted: Int { counts.withLock { $0.accepted } }

  /// Connections closed so far.
  var closed: Int { counts.withLock { $0.closed } }

  func logInfo(_ info: @autoclosure () -> String) {
    let message = info()
    if message.hasSuffix(" open connection") {
      counts.withLock { $0.accepted += 1 }
    } else if message.hasSuffix(" close connection") {
      counts.withLock { $0.closed += 1 }
    }
  }

  func logDebug(_ debug: @autoclosure () -> String) {}

  func logWarning(_ warning: @autoclosure () -> String) {}

  func logError(_ error: @autoclosure () -> String) {
    onError?(error())
  }

  func logCritical(_ critical: @autoclosure () -> String) {
    onError?(critical())
  }
}
