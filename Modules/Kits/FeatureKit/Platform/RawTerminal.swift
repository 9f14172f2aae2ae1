import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The process's terminal in raw mode, on the alternate screen, for `app ui`; gives it back exactly as it was.
///
/// Frames are written under a lock that giving the terminal back also takes, so nothing is drawn after it is given
/// back: after `q`, Ctrl-C, a signal (SIGTERM, SIGINT, SIGHUP), a write error or a failure in a screen. Ctrl-Z
/// gives it back, stops the process, and takes it again when continued.
final class RawTerminal: Sendable {
  private struct State {
    var saved: termios
    /// Whether the terminal is in raw mode on the alternate screen (frames may be written).
    var active = false
    /// The terminal hung up: nothing is written to it any more.
    var gone = false
  }

  private let state: Mutex<State>
  /// Where keys and sizes go.
  private let session = Mutex<ScreenSession?>(nil)
  /// The signal sources, kept for as long as the process runs (a source that is let go stops watching).
  nonisolated(unsafe) private static var signalSources: [any DispatchSourceSignal] = []

  /// The sequences that set the screen up: the alternate screen, the cursor hidden, bracketed paste (no mouse
  /// reporting).
  static let enter = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?2004h"
  /// Their undoing, in the reverse order.
  static let leave = "\u{1B}[?2004l\u{1B}[?25h\u{1B}[?1049l"

  /// The terminal on standard input and output, still as the user had it; `nil` when standard input is not one.
  init?() {
    var saved = termios()
    guard tcgetattr(0, &saved) == 0 else { return nil }
    state = Mutex(State(saved: saved))
  }

  /// Whether standard input and output are both terminals, as a screen needs: keys in, frames out.
  static var standardStreamsAreTerminals: Bool { isatty(0) == 1 && isatty(1) == 1 }

  /// The terminal's size now.
  static func size() -> ScreenSize? {
    var size = winsize()
    guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
    return ScreenSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
  }

  /// Raw mode and the alternate screen.
  func takeOver() {
    state.withLock { state in
      guard !state.active, !state.gone else { return }
      var raw = state.saved
      raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
      raw.c_oflag &= ~tcflag_t(OPOST)
      raw.c_cflag |= tcflag_t(CS8)
      raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
      withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
        bytes[Int(VMIN)] = 1
        bytes[Int(VTIME)] = 0
      }
      _ = tcsetattr(0, TCSAFLUSH, &raw)
      Self.writeAll(Self.enter)
      state.active = true
      CrashRestore.arm(state.saved)
    }
  }

  /// Gives the terminal back as it was; nothing is drawn afterwards until ``takeOver()``.
  func giveBack() {
    state.withLock { state in
      guard state.active else { return }
      state.active = false
      CrashRestore.disarm()
      guard !state.gone else { return }
      Self.writeAll(Self.leave)
      var saved = state.saved
      _ = tcsetattr(0, TCSAFLUSH, &saved)
    }
  }

  /// Writes one frame in one write; `false` when it could not be written (the terminal is gone or given back).
  func draw(_ frame: String) -> Bool {
    state.withLock { state in
      guard state.active, !state.gone else { return false }
      return Self.writeAll(frame)
    }
  }

  /// Ctrl-Z: gives the terminal back, stops the process as the shell's job control expects, and takes the terminal
  /// again once the process is continued (`fg`).
  func suspend() {
    giveBack()
    // SIGTSTP with its default action, to this thread with the signal unblocked: SIGTSTP is watched (and so
    // handled) while the screen is drawn, and the runtime's threads block it.
    let watching = signal(SIGTSTP, SIG_DFL)
    var tstp = sigset_t()
    sigemptyset(&tstp)
    sigaddset(&tstp, SIGTSTP)
    var mask = sigset_t()
    pthread_sigmask(SIG_UNBLOCK, &tstp, &mask)
    raise(SIGTSTP)
    // Continued (`fg`).
    pthread_sigmask(SIG_SETMASK, &mask, nil)
    signal(SIGTSTP, watching)
    takeOver()
  }

  /// Starts reading keys and watching signals for `session`; from now on, what is written to standard error goes to
  /// the session's status line instead of over the screen.
  func connect(_ session: ScreenSession) {
    self.session.withLock { $0 = session }
    CrashRestore.install()
    watchSignals()
    captureErrors()
    Thread.detachNewThread { [self] in readKeys() }
  }

  /// Standard error as it was, while ``captureErrors()`` holds it.
  private let savedErrors = Atomic<Int32>(-1)

  /// Points standard error at a pipe whose lines become the session's notices.
  private func captureErrors() {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return }
    let saved = dup(2)
    guard saved >= 0, dup2(ends[1], 2) >= 0 else { return }
    close(ends[1])
    savedErrors.store(saved, ordering: .releasing)
    CrashRestore.errors.store(saved, ordering: .releasing)
    let readEnd = ends[0]
    Thread.detachNewThread { [self] in
      var pending: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = read(readEnd, &buffer, buffer.count)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return }
        pending += buffer[..<count]
        // What one write said, lines wrapped to the terminal's width joined again, is one notice.
        guard let end = pending.lastIndex(of: 0x0A) else { continue }
        let text = String(decoding: pending[..<end], as: UTF8.self)
        pending.removeSubrange(...end)
        let shown = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
          .filter { !$0.isEmpty }.joined(separator: " ")
        if !shown.isEmpty { session.withLock { $0 }?.send(.notice(DisplayWidth.singleLine(shown))) }
      }
    }
  }

  /// Gives standard error back to the terminal.
  func releaseErrors() {
    let saved = savedErrors.exchange(-1, ordering: .acquiringAndReleasing)
    guard saved >= 0 else { return }
    CrashRestore.errors.store(-1, ordering: .releasing)
    _ = dup2(saved, 2)
    close(saved)
  }

  /// Reads standard input until the session ends: bytes into keys, a lone Esc told after a quiet moment.
  private func readKeys() {
    var decoder = KeyDecoder()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
      // Esc and an arrow key's sequence come in one write; a lone Esc is followed by nothing for a while.
      let ready = poll(&descriptor, 1, decoder.isPending ? 40 : -1)
      if ready < 0 {
        if errno == EINTR { continue }
        break
      }
      if ready == 0 {
        send(decoder.flush())
        continue
      }
      let count = read(0, &buffer, buffer.count)
      if count < 0, errno == EINTR || errno == EAGAIN { continue }
      guard count > 0 else { break }
      send(decoder.feed(buffer[..<count]))
    }
    // Standard input ended or failed: the terminal hung up.
    hangUp()
  }

  private func send(_ keys: [Key]) {
    guard let session = session.withLock({ $0 }) else { return }
    for key in keys { session.send(.key(key)) }
  }

  /// The terminal is gone: nothing more is written, and the session ends with 128 + SIGHUP.
  private func hangUp() {
    state.withLock { $0.gone = true }
    session.withLock { $0 }?.send(.end(128 + SIGHUP))
  }

  private func watchSignals() {
    let queue = DispatchQueue(label: "app.ui.signals")
    var sources: [any DispatchSourceSignal] = []
    func watch(_ number: Int32, _ handler: @escaping @Sendable () -> Void) {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler(handler: handler)
      source.resume()
      sources.append(source)
    }
    watch(SIGWINCH) { [self] in
      if let size = Self.size() { session.withLock { $0 }?.send(.resize(size)) }
    }
    for number in [SIGTERM, SIGINT] {
      watch(number) { [self] in end(128 + number) }
    }
    watch(SIGHUP) { [self] in
      state.withLock { $0.gone = true }
      end(128 + SIGHUP)
    }
    watch(SIGTSTP) { [self] in
      session.withLock { $0 }?.send(.key(.suspend))
    }
    Self.signalSources = sources
  }

  /// Ends the process at once with `status`, the terminal given back first.
  private func end(_ status: Int32) {
    giveBack()
    releaseErrors()
    _exit(status)
  }

  @discardableResult
  private static func writeAll(_ text: String) -> Bool {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        return false
      }
      bytes = bytes.dropFirst(written)
    }
    return true
  }
}

/// Gives the terminal back when the process crashes while a screen is drawn (a trap, an abort, a bad access), then
/// lets the crash go on as it would have: the signal's previous handler (the runtime's backtrace, or the default
/// action) runs, and the process dies of the signal.
///
/// A signal handler may take no lock and allocate nothing, so everything it needs is set up beforehand.
private enum CrashRestore {
  /// The signals a crash raises.
  static let signals: [Int32] = [SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV]
  /// Whether the terminal is taken (raw mode, the alternate screen).
  static let armed = Atomic<Bool>(false)
  /// Standard error as it was while it is captured, else -1.
  static let errors = Atomic<Int32>(-1)
  /// The terminal's settings as the user had them.
  nonisolated(unsafe) static let saved = UnsafeMutablePointer<termios>.allocate(capacity: 1)
  /// The bytes that leave the screen.
  nonisolated(unsafe) static let leave: UnsafeMutableBufferPointer<UInt8> = {
    let bytes = Array(RawTerminal.leave.utf8)
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
    _ = buffer.initialize(from: bytes)
    return buffer
  }()
  /// Each signal's handler before ours, by signal number.
  nonisolated(unsafe) static let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
  private static let installed = Atomic<Bool>(false)

  /// Installs the handler, once.
  static func install() {
    guard installed.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
    else { return }
    // Every static the handler reads is made now, never first in the handler.
    _ = (leave, saved, armed.load(ordering: .relaxed), errors.load(ordering: .relaxed))
    for number in signals {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = restoreOnCrash
      sigemptyset(&action.sa_mask)
      action.sa_flags = 0
      sigaction(number, &action, previous + Int(number))
    }
  }

  /// The terminal is taken: a crash gives back `settings`.
  static func arm(_ settings: termios) {
    saved.pointee = settings
    armed.store(true, ordering: .releasing)
  }

  /// The terminal is given back: a crash has nothing to undo.
  static func disarm() {
    armed.store(false, ordering: .releasing)
  }
}

/// The crash signals' handler: the terminal given back (only async-signal-safe calls), then the signal again with
/// the handler it had before.
private func restoreOnCrash(_ number: Int32) {
  if CrashRestore.armed.exchange(false, ordering: .acquiringAndReleasing) {
    _ = write(1, CrashRestore.leave.baseAddress, CrashRestore.leave.count)
    _ = tcsetattr(0, TCSANOW, CrashRestore.saved)
  }
  let errors = CrashRestore.errors.exchange(-1, ordering: .acquiringAndReleasing)
  if errors >= 0 { _ = dup2(errors, 2) }
  sigaction(number, CrashRestore.previous + Int(number), nil)
  raise(number)
}
