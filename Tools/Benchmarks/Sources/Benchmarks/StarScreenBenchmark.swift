import Foundation
import SearchTesting
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// `app ui search swift` through a pseudo-terminal, against a loopback GitHub that never answers a star:
/// - `*` on the selected result → the frame that marks (`☆`, waiting for GitHub) or unmarks its row, ``toggles`` a
///   run: the change is written at once and sent apart, so GitHub's silence never holds the mark;
/// - a star made by another process (`app search star|unstar … --offline`, ``elsewhere`` a run) → the frame of the
///   open session that marks the row, timed from that process's end, with no key pressed;
/// - the CPU time of a session left alone for ``idleSeconds`` seconds, as a share of one core.
struct StarScreenBenchmark {
  let app: String
  let runs: Int

  static let toggles = 32
  static let elsewhere = 16
  static let idleSeconds = 60
  static let token = "ghp_bench_star_screen"

  func run() async throws -> StarScreenResult {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("bench-star-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: home) }
    let github = try await GitHubFakeServer.start(token: Self.token, repos: (1...30).map(GitHubFakeRepo.numbered))
    let silence = RequestHold()
    github.loopback.route("PUT", "/user/starred/*/*") { _ in
      await silence.wait()
      return .empty()
    }
    github.loopback.route("DELETE", "/user/starred/*/*") { _ in
      await silence.wait()
      return .empty()
    }
    let environment: [String: String] = [
      "PATH": "/usr/bin:/bin", "HOME": home.path, "APP_HOME": home.path, "LANG": "C.UTF-8",
      "TERM": "xterm-256color", "GITHUB_API_URL": github.baseURL.absoluteString, "GH_TOKEN": Self.token,
      "APP_HTTP_TIMEOUT": "600",
    ]
    let (app, runs) = (self.app, self.runs)
    do {
      let result = try await PseudoTerminal.offPool { try Self.measure(app: app, runs: runs, environment: environment) }
      await silence.release()
      await github.loopback.stop()
      return result
    } catch {
      await silence.release()
      await github.loopback.stop()
      throw error
    }
  }

  /// Whether `line` marks `repo` as starred: `☆` while the star waits for GitHub (which never answers here), `★`
  /// once GitHub has it.
  static func marks(_ line: String, _ repo: String) -> Bool {
    line.contains("☆" + repo) || line.contains("★" + repo)
  }

  private static func measure(app: String, runs: Int, environment: [String: String]) throws -> StarScreenResult {
    var starMedians: [Double] = []
    var starP95s: [Double] = []
    var elsewhereMedians: [Double] = []
    var elsewhereP95s: [Double] = []
    for _ in 0..<runs {
      var times: [Double] = []
      let session = try open(app: app, environment: environment)
      try session.send("\u{1B}[B")  // ↓: the first result
      _ = try session.readFrame(timeout: UIBenchmark.hangGuard) { selected(in: $0)?.contains("owner1/repo-1") == true }
      for index in 0..<toggles {
        let starring = index % 2 == 0
        let start = monotonicNanoseconds()
        try session.send("*")
        _ = try session.readFrame(timeout: UIBenchmark.hangGuard) { frame in
          selected(in: frame).map { Self.marks($0, "owner1/repo-1") == starring } ?? false
        }
        times.append(Double(monotonicNanoseconds() - start) / 1e6)
      }
      try quit(session)
      starMedians.append(medianOf(times))
      starP95s.append(percentile95Of(times))

      times = []
      let watching = try open(app: app, environment: environment)
      for index in 0..<elsewhere {
        let starring = index % 2 == 0
        let other = try runProcess(
          app, ["search", starring ? "star" : "unstar", "owner3/repo-3", "--offline"], environment: environment)
        guard other.status == 0 else { throw BenchmarkFailure("`app search star --offline` exited \(other.status)") }
        let start = monotonicNanoseconds()
        _ = try watching.readFrame(timeout: UIBenchmark.hangGuard) { frame in
          UIBenchmark.Session.lines(frame).contains { Self.marks($0, "owner3/repo-3") } == starring
        }
        times.append(Double(monotonicNanoseconds() - start) / 1e6)
      }
      try quit(watching)
      elsewhereMedians.append(medianOf(times))
      elsewhereP95s.append(percentile95Of(times))
    }

    let idle = try open(app: app, environment: environment)
    let before = try cpuTicks(of: idle.pid)
    let start = monotonicNanoseconds()
    Thread.sleep(forTimeInterval: TimeInterval(idleSeconds))
    let after = try cpuTicks(of: idle.pid)
    let elapsed = Double(monotonicNanoseconds() - start) / 1e9
    try quit(idle)
    let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
    return StarScreenResult(
      toggles: toggles, starMedianMilliseconds: Figure(samples: starMedians),
      starP95Milliseconds: Figure(samples: starP95s), elsewhere: elsewhere,
      elsewhereMedianMilliseconds: Figure(samples: elsewhereMedians),
      elsewhereP95Milliseconds: Figure(samples: elsewhereP95s), idleSeconds: idleSeconds,
      idleCorePercent: 100 * Double(after - before) / ticks / elapsed)
  }

  /// `app ui search swift`, once its results are shown.
  private static func open(app: String, environment: [String: String]) throws -> PseudoTerminal {
    let terminal = try PseudoTerminal.start(
      app, arguments: ["ui", "search", "swift"], environment: environment, columns: UIBenchmark.columns,
      rows: UIBenchmark.rows)
    _ = try terminal.readFrame(timeout: UIBenchmark.hangGuard) { frame in
      UIBenchmark.Session.lines(frame).contains { $0.hasPrefix("Showing ") }
    }
    return terminal
  }

  /// `q`: the session must end by itself with status 0.
  private static func quit(_ terminal: PseudoTerminal) throws {
    try terminal.send("\u{1B}")  // Leaves the query field, if it has focus.
    try terminal.send("q")
    let exit = try terminal.waitForExit(timeout: UIBenchmark.hangGuard)
    guard exit.status == 0, !exit.timedOut else {
      throw BenchmarkFailure("`app ui search` ended with status \(exit.status) after q")
    }
  }

  /// The selected result's row of a frame, if it shows one.
  private static func selected(in frame: String) -> String? {
    UIBenchmark.Session.lines(frame).first { $0.hasPrefix("›") }
  }

  /// User and system CPU time of `pid` so far, in clock ticks (`/proc/<pid>/stat`, fields 14 and 15).
  private static func cpuTicks(of pid: pid_t) throws -> Int {
    let text = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
    // The command name (field 2) may hold spaces; the fields after it follow its closing parenthesis.
    guard let close = text.lastIndex(of: ")") else { throw BenchmarkFailure("unreadable /proc/\(pid)/stat") }
    let fields = text[text.index(after: close)...].split(separator: " ")
    guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else {
      throw BenchmarkFailure("unreadable /proc/\(pid)/stat")
    }
    return user + system
  }
}

/// What ``StarScreenBenchmark`` measured.
struct StarScreenResult: Codable {
  let toggles: Int
  /// The median time from `*` to the frame marking the row, per run, in milliseconds.
  let starMedianMilliseconds: Figure
  /// The 95th percentile of those times, per run.
  let starP95Milliseconds: Figure
  let elsewhere: Int
  /// The median time from another process's star to the frame marking the row, per run.
  let elsewhereMedianMilliseconds: Figure
  /// The 95th percentile of those times, per run.
  let elsewhereP95Milliseconds: Figure
  let idleSeconds: Int
  /// CPU time of an idle session over ``idleSeconds``, as a percentage of one core.
  let idleCorePercent: Double
}
