import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A program run on a pseudo-terminal of our own: its standard input, output and error are the terminal's slave
/// side, it leads a session whose controlling terminal that is, and this process holds the master side.
///
/// Keys are written to the master (``send(_:)``); what the program draws is read from it, up to a given byte
/// sequence (``read(until:timeout:)``, ``readFrame(timeout:)``), so a caller waits for exactly the bytes it
/// expects, as soon as they arrive. ``waitForExit(timeout:)`` reads the rest, reaps the program and reads the
/// terminal's settings back, to compare with ``settingsBefore``. Every wait has a guard against a hang; the
/// program is killed when one is reached.
///
/// The methods block the calling thread; ``offPool(_:)`` runs them off Swift's cooperative pool, so that servers
/// in this process keep answering the program. One caller at a time.
public final class PseudoTerminal: Sendable {
  /// A terminal's settings (`termios`), as `stty -g` compares them.
  public struct Settings: Sendable, Equatable, CustomStringConvertible {
    /// `c_iflag`.
    public let inputFlags: UInt32
    /// `c_oflag`.
    public let outputFlags: UInt32
    /// `c_cflag`.
    public let controlFlags: UInt32
    /// `c_lflag`.
    public let localFlags: UInt32
    /// The control characters (`c_cc`).
    public let characters: [UInt8]
    /// `c_ispeed`.
    public let inputSpeed: UInt32
    /// `c_ospeed`.
    public let outputSpeed: UInt32

    init(_ settings: termios) {
      inputFlags = UInt32(settings.c_iflag)
      outputFlags = UInt32(settings.c_oflag)
      controlFlags = UInt32(settings.c_cflag)
      localFlags = UInt32(settings.c_lflag)
      characters = withUnsafeBytes(of: settings.c_cc) { Array($0) }
      inputSpeed = UInt32(settings.c_ispeed)
      outputSpeed = UInt32(settings.c_ospeed)
    }

    /// Like `stty -g`: the flags and the control characters in hexadecimal, separated by colons.
    public var description: String {
      ([inputFlags, outputFlags, controlFlags, localFlags].map { String($0, radix: 16) }
        + characters.map { String($0, radix: 16) }).joined(separator: ":")
    }
  }

  /// How the program ended, and what it wrote after the last read.
  public struct Exit: Sendable {
    /// The exit status, or 128 + the signal's number when a signal ended it.
    public let status: Int32
    /// Whether a signal ended it.
    public let signaled: Bool
    /// Whether it outlived the guard and was killed.
    public let timedOut: Bool
    /// Everything it wrote after the bytes earlier reads returned.
    public let output: [UInt8]
    /// The terminal's settings once it had ended.
    public let settingsAfter: Settings
  }

  /// The end of a frame drawn with synchronized output (`ESC [ ? 2026 l`).
  public static let frameEnd = Array("\u{1B}[?2026l".utf8)

  /// The command line, for messages.
  public let command: String
  /// The program's process id.
  public let pid: pid_t
  /// The terminal's settings before the program started: a fresh terminal's (canonical input, echo, signals).
  public let settingsBefore: Settings

  private struct State {
    /// Read from the master, not returned yet.
    var pending: [UInt8] = []
    /// Every slave descriptor is closed (the master reads EIO): nothing more will arrive.
    var hungUp = false
    /// The last bytes read, for messages.
    var recent: [UInt8] = []
    /// The raw `waitpid` status, once reaped.
    var reaped: Int32?
    /// The master, open until ``close()`` or the end of the object.
    var master: Int32
  }

  private let state: Mutex<State>

  private init(command: String, pid: pid_t, master: Int32, settingsBefore: Settings) {
    self.command = command
    self.pid = pid
    self.settingsBefore = settingsBefore
    state = Mutex(State(master: master))
  }

  deinit {
    state.withLock { state in
      if state.reaped == nil {
        kill(pid, SIGKILL)
        var raw: Int32 = 0
        _ = waitpid(pid, &raw, 0)
      }
      if state.master >= 0 { Glibc.close(state.master) }
    }
  }

  /// Starts `executable` with `arguments` and exactly `environment` on a new `columns` × `rows` terminal.
  public static func start(
    _ executable: String, arguments: [String], environment: [String: String], columns: Int = 80, rows: Int = 24
  ) throws(TestToolError) -> PseudoTerminal {
    let command = ([executable] + arguments).joined(separator: " ")
    func failure(_ what: String, _ code: Int32 = errno) -> TestToolError {
      .commandFailed(command: command, status: -1, output: "\(what): \(String(cString: strerror(code)))")
    }
    // posix_openpt on Linux.
    let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard master >= 0 else { throw failure("opening /dev/ptmx") }
    var name = [CChar](repeating: 0, count: 128)
    guard let functions = PseudoTerminalFunctions.shared, functions.grant(master) == 0, functions.unlock(master) == 0,
      functions.name(master, &name, name.count) == 0
    else {
      let error = failure("the pseudo-terminal's slave")
      Glibc.close(master)
      throw error
    }
    var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    // The master's settings calls reach the slave's (Linux's pty driver reads and sets the pair's one termios).
    var before = termios()
    guard ioctl(master, UInt(TIOCSWINSZ), &size) == 0, tcgetattr(master, &before) == 0 else {
      let error = failure("the terminal's size or settings")
      Glibc.close(master)
      throw error
    }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // The child leads a new session (set before the file actions run), so opening the slave without O_NOCTTY
    // makes it the session's controlling terminal, as TIOCSCTTY would, with the child in its foreground group.
    posix_spawn_file_actions_addopen(&actions, 0, name, O_RDWR, 0)
    posix_spawn_file_actions_adddup2(&actions, 0, 1)
    posix_spawn_file_actions_adddup2(&actions, 0, 2)
    if let closeFrom = ChildProcess.closeFromAction {
      _ = closeFrom(&actions, 3)
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // glibc's POSIX_SPAWN_SETSID, which the Glibc module does not import.
    let setSession: Int32 = 0x80
    posix_spawnattr_setflags(&attributes, Int16(setSession | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    // Not this thread's blocked or ignored signals (the concurrency runtime's threads block some).
    var signals = sigset_t()
    sigemptyset(&signals)
    posix_spawnattr_setsigmask(&attributes, &signals)
    for signal in [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGCHLD, SIGTSTP, SIGTTOU, SIGTTIN, SIGWINCH] {
      sigaddset(&signals, signal)
    }
    posix_spawnattr_setsigdefault(&attributes, &signals)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    guard spawned == 0 else {
      Glibc.close(master)
      throw failure("posix_spawn", spawned)
    }
    return PseudoTerminal(command: command, pid: pid, master: master, settingsBefore: Settings(before))
  }

  /// Types `text` (its UTF-8 bytes), as a user's keys reach the program.
  public func send(_ text: String) throws(TestToolError) {
    try send(Array(text.utf8))
  }

  /// Writes `bytes` to the master.
  public func send(_ bytes: [UInt8]) throws(TestToolError) {
    let master = state.withLock { $0.master }
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        throw .commandFailed(
          command: command, status: -1, output: "writing keys: \(String(cString: strerror(errno)))")
      }
      offset += written
    }
  }

  /// Reads until `marker` has arrived; returns everything up to and including it (the rest is kept for the
  /// next read). Throws when the program's side closes first, or after `timeout`: a guard against a hang.
  public func read(until marker: [UInt8], timeout: Duration = .seconds(60)) throws(TestToolError) -> [UInt8] {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    var searched = 0
    while true {
      let found: [UInt8]? = state.withLock { state in
        guard let end = Self.end(of: marker, in: state.pending, from: searched) else {
          searched = max(0, state.pending.count - marker.count + 1)
          return nil
        }
        let head = Array(state.pending[..<end])
        state.pending.removeFirst(end)
        return head
      }
      if let found { return found }
      guard try fill(until: deadline) else {
        let (hungUp, recent) = state.withLock { ($0.hungUp, $0.recent) }
        let why = hungUp ? "closed the terminal" : "sent nothing more for \(timeout)"
        throw .commandFailed(
          command: command, status: -1,
          output: "waiting for \(Self.visible(marker)), the program \(why); it last wrote: \(Self.visible(recent))")
      }
    }
  }

  /// Reads one frame: everything up to the next ``frameEnd``.
  public func readFrame(timeout: Duration = .seconds(60)) throws(TestToolError) -> [UInt8] {
    try read(until: Self.frameEnd, timeout: timeout)
  }

  /// Reads frames until one satisfies `condition` (given the frame as text); returns it.
  public func readFrame(
    timeout: Duration = .seconds(60), where condition: (String) -> Bool
  ) throws(TestToolError) -> String {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while true {
      let frame = String(decoding: try readFrame(timeout: deadline - ContinuousClock.now), as: UTF8.self)
      if condition(frame) { return frame }
    }
  }

  /// Reads until the program has closed the terminal and ended, then reads the terminal's settings back.
  ///
  /// Past `timeout` (a guard against a hang) the program is killed, and the result says so.
  public func waitForExit(timeout: Duration = .seconds(60)) throws(TestToolError) -> Exit {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    var timedOut = false
    while try fill(until: deadline) {}
    if !state.withLock({ $0.hungUp }) {
      // Still open at the deadline: a hang.
      timedOut = true
      kill(pid, SIGKILL)
      while try fill(until: ContinuousClock.now.advanced(by: .seconds(10))) {}
    }
    // The terminal is closed, so the program is ending; a guard kills it should it live on without it.
    let guardTimer = DispatchWorkItem { [self] in
      state.withLock { state in
        if state.reaped == nil { kill(pid, SIGKILL) }
      }
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(10), execute: guardTimer)
    // Waits without reaping, so that the guard never signals a process id that was reused.
    var info = siginfo_t()
    while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
    guardTimer.cancel()
    let raw: Int32 = state.withLock { state in
      var raw: Int32 = 0
      while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
      state.reaped = raw
      return raw
    }
    let (output, master) = state.withLock { state in
      defer { state.pending = [] }
      return (state.pending, state.master)
    }
    var after = termios()
    guard tcgetattr(master, &after) == 0 else {
      throw .commandFailed(
        command: command, status: -1, output: "reading the settings back: \(String(cString: strerror(errno)))")
    }
    // WIFSIGNALED / WEXITSTATUS by hand: the macros are not imported.
    let signaled = (raw & 0x7f) != 0
    return Exit(
      status: signaled ? 128 + (raw & 0x7f) : (raw >> 8) & 0xff, signaled: signaled, timedOut: timedOut,
      output: output, settingsAfter: Settings(after))
  }

  /// The resident set size of the program now (`VmRSS` of `/proc/<pid>/status`), in KiB.
  public func residentKilobytes() -> Int? {
    guard let status = ChildProcess.wholeFile("/proc/\(pid)/status") else { return nil }
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
    return line.flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") }
  }

  /// Runs `body` on a thread of its own rather than one of the cooperative pool, which the blocking reads would
  /// hold (and with it servers in this process that the program talks to).
  public static func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
      DispatchQueue.global().async {
        continuation.resume(with: Result { try body() })
      }
    }
  }

  /// Waits for bytes until `deadline` and appends them to the pending ones; `false` when none came by then or
  /// the program's side is closed.
  private func fill(until deadline: ContinuousClock.Instant) throws(TestToolError) -> Bool {
    let master = state.withLock { $0.hungUp ? -1 : $0.master }
    guard master >= 0 else { return false }
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let left = deadline - ContinuousClock.now
      guard left > .zero else { return false }
      let (seconds, attoseconds) = left.components
      let milliseconds = Int32(min(seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1, 60_000))
      var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, milliseconds)
      if ready < 0 {
        if errno == EINTR { continue }
        throw .commandFailed(command: command, status: -1, output: "poll: \(String(cString: strerror(errno)))")
      }
      guard ready > 0 else { continue }
      let count = chunk.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
      if count > 0 {
        state.withLock { state in
          state.pending.append(contentsOf: chunk[..<count])
          state.recent = Array((state.recent + chunk[..<count]).suffix(300))
        }
        return true
      }
      if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
      // EIO (or end of file): every descriptor of the slave is closed.
      state.withLock { $0.hungUp = true }
      return false
    }
  }

  /// The index just past the first `marker` in `bytes` at or after `start`.
  ///
  /// A loop of its own: the standard library's `firstRange(of:)` took about 100 times as long on a frame of 4 KB
  /// (230 µs against 2 µs), and the benchmark times every key through this search.
  private static func end(of marker: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    guard !marker.isEmpty, bytes.count >= marker.count else { return nil }
    var index = start
    while index + marker.count <= bytes.count {
      if bytes[index] == marker[0] && bytes[index..<(index + marker.count)].elementsEqual(marker) {
        return index + marker.count
      }
      index += 1
    }
    return nil
  }

  /// `bytes` as text with escape characters shown as `ESC`, for messages.
  public static func visible(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\u{1B}", with: "ESC")
  }
}

/// glibc's `grantpt`, `unlockpt` and `ptsname_r`, which the Glibc module does not import (they are declared for
/// `_XOPEN_SOURCE` only).
private struct PseudoTerminalFunctions: Sendable {
  let grant: @convention(c) (Int32) -> Int32
  let unlock: @convention(c) (Int32) -> Int32
  let name: @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32

  static let shared: PseudoTerminalFunctions? = {
    let library = UnsafeMutableRawPointer(bitPattern: 0)
    guard let grant = dlsym(library, "grantpt"), let unlock = dlsym(library, "unlockpt"),
      let name = dlsym(library, "ptsname_r")
    else { return nil }
    return PseudoTerminalFunctions(
      grant: unsafeBitCast(grant, to: (@convention(c) (Int32) -> Int32).self),
      unlock: unsafeBitCast(unlock, to: (@convention(c) (Int32) -> Int32).self),
      name: unsafeBitCast(name, to: (@convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32).self))
  }()
}
