import Foundation
import SearchTesting
import TestSupport

/// `app ui` through a pseudo-terminal of our own (``PseudoTerminal``), each frame read as the one write it is, up
/// to its synchronized-output end:
///
/// - keystroke to finished frame over ``keysPerRun`` cached keys: cycles of `j j Enter Backspace k k Enter
///   Backspace` on the Courses home, Enter opening a course whose detail (and its related repos, from a loopback
///   GitHub) is cached, Backspace going back (Esc does too, but a lone Esc is told from the start of a sequence
///   only after the app's 40 ms escape timeout, which would be measured instead of the app),
///   each key timed from its write until the frame that shows its outcome settled (the selection on the expected
///   course; the detail with no "Loading"/"Looking up" status; the home again);
/// - the first frame showing the courses, from spawning `app ui` (a warm home), against `app courses --offline`
///   run to its end on the same kind of terminal, round robin;
/// - the resident set size (`VmRSS`) of one session after a warm-up and after ``memoryKeys`` more keys of the same
///   cycles, each waited for;
/// - a key that changes data: ``changeKeysPerRun`` presses of `s` on the selected course of the home, stocking and
///   unstocking it in turn, each timed from its write until the frame whose list marks the course (`★`) or no
///   longer does, with the status saying what was done.
///
/// The home is warmed first by one `app courses` run and one `app ui` session through the same cycles.
struct UIBenchmark {
  let app: String
  let runs: Int

  /// Cached keys timed per run: 32 cycles of 8.
  static let keysPerRun = 256
  /// Keys between the two memory readings.
  static let memoryKeys = 10_000
  /// Stocks and unstocks timed per run.
  static let changeKeysPerRun = 64
  /// The terminal's size.
  static let columns = 100
  static let rows = 30
  /// The guard on any one wait: far above what a busy machine needs, never a measure of speed.
  static let hangGuard: Duration = .seconds(60)

  func run() async throws -> UIResult {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("bench-ui-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: home) }
    let github = try await GitHubFakeServer.start(repos: (1...30).map(GitHubFakeRepo.numbered))
    var environment: [String: String] = [
      "PATH": "/usr/bin:/bin", "HOME": home.path, "APP_HOME": home.path, "LANG": "C.UTF-8",
      "TERM": "xterm-256color", "GITHUB_API_URL": github.baseURL.absoluteString,
    ]
    environment["TMPDIR"] = ProcessInfo.processInfo.environment["TMPDIR"]
    let app = self.app
    let runs = self.runs
    let fixed = environment
    do {
      // Off the cooperative pool: the reads block, and the loopback GitHub answers on that pool.
      let result = try await PseudoTerminal.offPool { try Self.measure(app: app, runs: runs, environment: fixed) }
      await github.loopback.stop()
      return result
    } catch {
      await github.loopback.stop()
      throw error
    }
  }

  private static func measure(app: String, runs: Int, environment: [String: String]) throws -> UIResult {
    let warm = try runProcess(app, ["courses"], environment: environment)
    guard warm.status == 0 else { throw BenchmarkFailure("`app courses` exited \(warm.status)") }
    // One session through the cycles: every detail they open, and its related repos, cached.
    var session = try Session(app: app, environment: environment)
    _ = try session.cycles(keys: keysPerRun)
    try session.quit()

    var medians: [Double] = []
    var p95s: [Double] = []
    // Per kind of key, by its place in the cycle: moves, Enter, Backspace.
    var kinds: [[Double]] = [[], [], []]
    for _ in 0..<runs {
      session = try Session(app: app, environment: environment)
      let keyed = try session.cycles(keys: keysPerRun)
      try session.quit()
      let times = keyed.sorted()
      medians.append(medianOf(times))
      p95s.append(percentile95Of(times))
      for (kind, places) in [[0, 1, 4, 5], [2, 6], [3, 7]].enumerated() {
        kinds[kind].append(medianOf(keyed.indices.filter { places.contains($0 % 8) }.map { keyed[$0] }))
      }
    }

    // Round robin; the first round is not measured.
    var firstFrame: [Double] = []
    var courses: [Double] = []
    var ratios: [Double] = []
    for round in 0...(3 * runs) {
      let start = monotonicNanoseconds()
      session = try Session(app: app, environment: environment)
      let ui = Double(session.firstFrameNanoseconds - start) / 1e6
      try session.quit()
      let offline = try timeToExit(app: app, ["courses", "--offline"], environment: environment)
      guard round > 0 else { continue }
      firstFrame.append(ui)
      courses.append(offline)
      ratios.append(ui / offline)
    }

    session = try Session(app: app, environment: environment)
    _ = try session.cycles(keys: keysPerRun)
    guard let before = session.terminal.residentKilobytes() else {
      throw BenchmarkFailure("could not read VmRSS of `app ui` (pid \(session.terminal.pid))")
    }
    _ = try session.cycles(keys: memoryKeys)
    guard let after = session.terminal.residentKilobytes() else {
      throw BenchmarkFailure("could not read VmRSS of `app ui` (pid \(session.terminal.pid))")
    }
    try session.quit()

    var changeP95s: [Double] = []
    var changeMedians: [Double] = []
    for _ in 0..<runs {
      session = try Session(app: app, environment: environment)
      let times = try session.stockToggles(keys: changeKeysPerRun).sorted()
      try session.quit()
      changeMedians.append(medianOf(times))
      changeP95s.append(percentile95Of(times))
    }

    return UIResult(
      keys: keysPerRun, keystrokeMedianMilliseconds: Figure(samples: medians),
      keystrokeP95Milliseconds: Figure(samples: p95s), moveMilliseconds: Figure(samples: kinds[0]),
      openMilliseconds: Figure(samples: kinds[1]), backMilliseconds: Figure(samples: kinds[2]),
      firstFrameMilliseconds: Figure(samples: firstFrame),
      coursesOfflineMilliseconds: Figure(samples: courses), firstFrameOverCourses: Figure(samples: ratios),
      memoryKeys: memoryKeys, residentKilobytesAfterWarmUp: before, residentKilobytesAfterKeys: after,
      changeKeys: changeKeysPerRun, changeMedianMilliseconds: Figure(samples: changeMedians),
      changeP95Milliseconds: Figure(samples: changeP95s))
  }

  /// The wall time of `app` with `arguments` on a terminal of the same size, from spawning it until it has
  /// ended and its output is read, in milliseconds.
  private static func timeToExit(app: String, _ arguments: [String], environment: [String: String]) throws -> Double {
    let start = monotonicNanoseconds()
    let terminal = try PseudoTerminal.start(
      app, arguments: arguments, environment: environment, columns: columns, rows: rows)
    let exit = try terminal.waitForExit(timeout: hangGuard)
    let elapsed = Double(monotonicNanoseconds() - start) / 1e6
    guard exit.status == 0, !exit.timedOut else {
      throw BenchmarkFailure("`app \(arguments.joined(separator: " "))` on a terminal exited \(exit.status)")
    }
    return elapsed
  }

  /// One `app ui` session on the Courses home, settled.
  struct Session {
    let terminal: PseudoTerminal
    /// When the first frame showing the courses had been read.
    let firstFrameNanoseconds: UInt64
    /// The course ids of the home's list, in order.
    var ids: [String]
    /// The selected row.
    var selected = 0

    init(app: String, environment: [String: String]) throws {
      terminal = try PseudoTerminal.start(
        app, arguments: ["ui"], environment: environment, columns: UIBenchmark.columns, rows: UIBenchmark.rows)
      var frame = try terminal.readFrame(timeout: hangGuard) { Self.selectedID(in: $0) != nil }
      firstFrameNanoseconds = monotonicNanoseconds()
      // The home refreshes once opened; keys start once its status says it is settled.
      while !Self.lines(frame).contains(where: { $0.hasPrefix("Courses as of") || $0.hasPrefix("note: showing") }) {
        frame = String(decoding: try terminal.readFrame(timeout: hangGuard), as: UTF8.self)
      }
      ids = Self.lines(frame).compactMap(Self.courseID)
      guard ids.count >= 3, Self.selectedID(in: frame) == ids[0] else {
        throw BenchmarkFailure("the Courses home shows fewer than 3 courses or selects another first: \(ids)")
      }
    }

    /// Sends `keys` keys of the cycle `j j Enter Backspace k k Enter Backspace`, each waited for; returns each key's time
    /// to its finished frame, in milliseconds.
    mutating func cycles(keys: Int) throws -> [Double] {
      var times: [Double] = []
      times.reserveCapacity(keys)
      let cycle: [String] = ["j", "j", "\r", "\u{7F}", "k", "k", "\r", "\u{7F}"]
      for index in 0..<keys {
        let key = cycle[index % cycle.count]
        let start = monotonicNanoseconds()
        try terminal.send(key)
        switch key {
        case "j", "k":
          selected += key == "j" ? 1 : -1
          let id = ids[selected]
          _ = try terminal.readFrame(timeout: hangGuard) { Self.selectedID(in: $0) == id }
        case "\r":
          let id = ids[selected]
          _ = try terminal.readFrame(timeout: hangGuard) { frame in
            // The detail's label, in either case (builds before it was capitalized wrote it in lower case).
            (frame.contains("Instructor:") || frame.contains("instructor:")) && frame.contains(id)
              && !frame.contains("Loading")
              && !frame.contains("Looking up")
          }
        default:
          let id = ids[selected]
          let frame = try terminal.readFrame(timeout: hangGuard) { frame in
            frame.contains("Home") && Self.selectedID(in: frame) == id
          }
          times.append(Double(monotonicNanoseconds() - start) / 1e6)
          // The selection stays on the course; the list may have moved it (recently viewed first).
          ids = Self.lines(frame).compactMap(Self.courseID)
          guard let row = ids.firstIndex(of: id), row == selected else {
            throw BenchmarkFailure("back on the home, \(id) moved from row \(selected): \(ids)")
          }
          continue
        }
        times.append(Double(monotonicNanoseconds() - start) / 1e6)
      }
      return times
    }

    /// Presses `s` `keys` times on the selected course, which stocks it and unstocks it in turn (an even number
    /// leaves it as it was); returns each key's time to the frame whose selected row shows the new mark and whose
    /// status says what was done, in milliseconds.
    mutating func stockToggles(keys: Int) throws -> [Double] {
      let id = ids[selected]
      var times: [Double] = []
      times.reserveCapacity(keys)
      for index in 0..<keys {
        let stocking = index % 2 == 0
        let start = monotonicNanoseconds()
        try terminal.send("s")
        _ = try terminal.readFrame(timeout: hangGuard) { frame in
          let lines = Self.lines(frame)
          guard let row = lines.first(where: { $0.hasPrefix("›") }), Self.courseID(row) == id else { return false }
          return row.contains("★") == stocking && lines.contains((stocking ? "Stocked " : "Unstocked ") + id)
        }
        times.append(Double(monotonicNanoseconds() - start) / 1e6)
      }
      return times
    }

    /// `q` on the home: the session must end by itself with status 0.
    func quit() throws {
      try terminal.send("q")
      let exit = try terminal.waitForExit(timeout: hangGuard)
      guard exit.status == 0, !exit.timedOut else {
        throw BenchmarkFailure("`app ui` ended with status \(exit.status) after q")
      }
    }

    /// A frame's text, one string per stretch between escape sequences, trimmed; the empty ones dropped.
    static func lines(_ frame: String) -> [String] {
      var lines: [String] = []
      var current = ""
      var escaping = false
      for scalar in frame.unicodeScalars {
        if escaping {
          // A CSI sequence ends with a letter (or `~`); `[`, digits, `;` and `?` are its parameters.
          if (scalar.properties.isAlphabetic && scalar != "[") || scalar == "~" { escaping = false }
          continue
        }
        if scalar == "\u{1B}" {
          escaping = true
          let trimmed = current.trimmingCharacters(in: .whitespaces)
          if !trimmed.isEmpty { lines.append(trimmed) }
          current = ""
        } else if scalar == "\r" || scalar == "\n" {
          continue
        } else {
          current.unicodeScalars.append(scalar)
        }
      }
      let trimmed = current.trimmingCharacters(in: .whitespaces)
      if !trimmed.isEmpty { lines.append(trimmed) }
      return lines
    }

    /// The course id a list row starts with (after the selection marker): `c42`.
    static func courseID(_ line: String) -> String? {
      let rest = line.hasPrefix("›") ? line.dropFirst().drop { $0 == " " } : Substring(line)
      let word = rest.prefix { $0 != " " }
      guard word.count > 1, word.first == "c", word.dropFirst().allSatisfy(\.isNumber) else { return nil }
      return String(word)
    }

    /// The id of the selected course of a home frame, if it shows one.
    static func selectedID(in frame: String) -> String? {
      lines(frame).first { $0.hasPrefix("›") }.flatMap(courseID)
    }
  }
}

/// What ``UIBenchmark`` measured.
struct UIResult: Codable {
  /// Cached keys timed per run.
  let keys: Int
  /// The median time from a key to its finished frame, per run, in milliseconds.
  let keystrokeMedianMilliseconds: Figure
  /// The 95th percentile of those times, per run.
  let keystrokeP95Milliseconds: Figure
  /// The median time of the moves (`j`, `k`) alone, per run.
  let moveMilliseconds: Figure
  /// Of Enter alone (a cached detail, with its related repos).
  let openMilliseconds: Figure
  /// Of Backspace alone (back to the home).
  let backMilliseconds: Figure
  /// From spawning `app ui` to its first frame showing the courses, per round.
  let firstFrameMilliseconds: Figure
  /// `app courses --offline` from spawning to its end, per round.
  let coursesOfflineMilliseconds: Figure
  /// The first frame's time over `courses --offline`'s in the same round.
  let firstFrameOverCourses: Figure
  /// Keys between the two memory readings.
  let memoryKeys: Int
  let residentKilobytesAfterWarmUp: Int
  let residentKilobytesAfterKeys: Int

  /// Stocks and unstocks timed per run.
  let changeKeys: Int
  /// The median time from `s` to the frame showing the change, per run, in milliseconds.
  let changeMedianMilliseconds: Figure
  /// The 95th percentile of those times, per run.
  let changeP95Milliseconds: Figure

  /// Growth of the resident set over ``memoryKeys`` keys, in megabytes (MiB).
  var growthMegabytes: Double { Double(residentKilobytesAfterKeys - residentKilobytesAfterWarmUp) / 1024 }
}
