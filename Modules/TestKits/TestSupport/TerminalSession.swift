import Foundation

/// A shell command run in a real pseudo-terminal of a given size: a tmux server on a socket of its own, so tests
/// see what a user's terminal shows (redraws, erased lines, wrapping) rather than the bytes of a pipe.
///
/// The command runs under `/bin/sh`; when it ends, a marker line with its exit status is printed and the pane stays,
/// so the final screen and the scrollback can be read. ``stop()`` kills the tmux server.
public final class TerminalSession: Sendable {
  /// The tmux socket name (`tmux -L`).
  public let socket: String
  /// The terminal's width, in columns.
  public let width: Int
  /// The terminal's height, in lines.
  public let height: Int

  static let marker = "__session_ended_with_status__"

  private init(socket: String, width: Int, height: Int) {
    self.socket = socket
    self.width = width
    self.height = height
  }

  /// Starts `command` in a `width` × `height` terminal with `environment` added (tmux sets `TERM`).
  public static func start(
    _ command: String, width: Int, height: Int, environment: [String: String] = [:]
  ) async throws -> TerminalSession {
    let session = TerminalSession(socket: "app-tests-\(UUID().uuidString)", width: width, height: height)
    let exports = environment.sorted { $0.key < $1.key }.map { "export \($0.key)=\(quoted($0.value)); " }.joined()
    // The shell traps Ctrl-C (a trap, unlike an ignored signal, is reset for the command it runs), so it outlives
    // an interrupted command and reports its status.
    let script = "trap true INT; " + exports + command + "; echo \"\(marker) $?\"; exec sleep 3600"
    try await session.tmux([
      "-f", "/dev/null", "new-session", "-d", "-s", "app", "-x", "\(width)", "-y", "\(height)", "/bin/sh", "-c", script,
    ])
    try await session.tmux(["set-option", "-g", "history-limit", "10000"])
    return session
  }

  /// The screen and the scrollback above it, one string per line, trailing blanks removed.
  public func capture() async throws -> [String] {
    let text = try await tmux(["capture-pane", "-t", "app", "-p", "-J", "-S", "-"])
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      String($0.reversed().drop { $0 == " " }.reversed())
    }
    while lines.last?.isEmpty == true { lines.removeLast() }
    return lines
  }

  /// The visible screen only, one string per row (as many as the terminal is high now), trailing blanks removed.
  public func screen() async throws -> [String] {
    let text = try await tmux(["capture-pane", "-t", "app", "-p"])
    var rows = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      String($0.reversed().drop { $0 == " " }.reversed())
    }
    // The capture ends with a line break.
    if text.hasSuffix("\n") { rows.removeLast() }
    return rows
  }

  /// Waits until `condition` holds for the captured lines, polling every 20 ms; gives up after `timeout`, a guard
  /// against a hang far above what a busy machine needs, never a measure of speed.
  @discardableResult
  public func waitUntil(
    timeout: Duration = .seconds(90), _ condition: ([String]) -> Bool
  ) async throws -> [String] {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while true {
      let lines = try await capture()
      if condition(lines) { return lines }
      guard clock.now < deadline else {
        throw TestToolError.commandFailed(
          command: "tmux session \(socket)", status: -1, output: lines.suffix(20).joined(separator: " | "))
      }
      try await Task.sleep(for: .milliseconds(20))
    }
  }

  /// Waits until `condition` holds for the visible screen (``screen()``), polling every 20 ms; gives up after
  /// `timeout`, a guard against a hang, never a measure of speed.
  @discardableResult
  public func waitForScreen(
    timeout: Duration = .seconds(90), _ condition: ([String]) -> Bool
  ) async throws -> [String] {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while true {
      let lines = try await screen()
      if condition(lines) { return lines }
      guard clock.now < deadline else {
        throw TestToolError.commandFailed(
          command: "tmux session \(socket)", status: -1, output: lines.joined(separator: " | "))
      }
      try await Task.sleep(for: .milliseconds(20))
    }
  }

  /// Waits for the command to end; returns its exit status and the captured lines before the marker.
  public func waitForExit(timeout: Duration = .seconds(120)) async throws -> (status: Int32, lines: [String]) {
    // The marker starts a line, unless the command's last output did not end one.
    let lines = try await waitUntil(timeout: timeout) { $0.contains { $0.contains(Self.marker) } }
    guard let index = lines.lastIndex(where: { $0.contains(Self.marker) }),
      let range = lines[index].range(of: Self.marker + " "),
      let status = Int32(lines[index][range.upperBound...])
    else { throw TestToolError.commandFailed(command: "tmux session \(socket)", status: -1, output: "no status") }
    let before = String(lines[index][..<range.lowerBound])
    return (status, Array(lines[..<index]) + (before.isEmpty ? [] : [before]))
  }

  /// Types `keys` as tmux names them (`C-c` for Ctrl-C).
  public func send(keys: String) async throws {
    try await tmux(["send-keys", "-t", "app", keys])
  }

  /// A tmux format of the pane, such as `#{alternate_on}` (1 while the alternate screen is shown) or
  /// `#{cursor_flag}` (1 while the cursor is shown).
  public func format(_ format: String) async throws -> String {
    try await tmux(["display-message", "-p", "-t", "app", format]).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Resizes the terminal, as a user resizing the window does (the program gets SIGWINCH).
  public func resize(width: Int, height: Int) async throws {
    try await tmux(["resize-window", "-t", "app", "-x", "\(width)", "-y", "\(height)"])
  }

  /// Kills the tmux server and everything in it.
  public func stop() async {
    _ = try? await tmux(["kill-server"])
  }

  /// Runs tmux on this session's socket through ``ChildProcess`` (posix_spawn): Foundation's `Process` watches its
  /// child through a descriptor the daemonized tmux server would inherit, and would wait for it forever.
  @discardableResult
  private func tmux(_ arguments: [String]) async throws -> String {
    let tmux = try ChildProcess.locate("tmux", package: "tmux")
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString).log")
    defer { try? FileManager.default.removeItem(at: log) }
    return try await ChildProcess.run(tmux, arguments: ["-L", socket] + arguments, logFile: log)
  }

  private static func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
