import Foundation
import Reliability

/// Output and storage faults met by the Courses commands: standard output that cannot be written, a reader that
/// leaves early, and a file system that refuses to grow. The stocked courses must come through every one.
public enum CoursesOutputScenarios {
  /// The courses every scenario stocks first, and must find stocked afterwards.
  static let stocked = ["c01", "c16"]

  /// A home with the demo catalog's screen cached and ``stocked`` stocked.
  static func preparedHome(label: String) async throws -> (AppHome, [String: String]) {
    let home = AppHome(label: label)
    let environment = ["APP_HOME": home.url.path]
    for arguments in [["courses"]] + stocked.map({ ["courses", "stock", $0] }) {
      let run = try await AppRunner.run(arguments, environment: environment)
      guard run.status == 0 else {
        home.remove()
        throw ScenarioSetupError(
          description: "`\(arguments.joined(separator: " "))` exited \(run.status): \(run.stderr)")
      }
    }
    return (home, environment)
  }

  /// What went wrong with the stocked courses and the file after a run; `lost` when a stocked course is gone.
  static func damage(in home: AppHome, expecting expected: [String] = stocked) -> (problems: [String], lost: Bool) {
    do {
      let state = try home.inspect(userData: [CoursesReliability.stockedCourses])
      var problems: [String] = []
      if state.integrity != "ok" { problems.append("integrity: \(state.integrity)") }
      if state.userData != expected { problems.append("stocked is \(state.userData), expected \(expected)") }
      return (problems, !Set(expected).isSubset(of: state.userData))
    } catch {
      return (["the database did not open: \(error)"], true)
    }
  }

  /// Standard output on a full device, closed, or a pipe nobody reads: a write that fails is exit 1 with
  /// `error: could not write the output: …`; a reader that left ends the app quietly with exit 0; a closed
  /// standard output is noticed before anything is opened, so nothing is stocked through it.
  public static func unwritableOutput() async throws -> ScenarioResult {
    var tally = ScenarioTally("stdout full, closed, or its reader gone")
    let (home, environment) = try await preparedHome(label: "stress-output")
    defer { home.remove() }
    let failed = "error: could not write the output: "
    let cases: [(label: String, script: String, status: Int32, message: String?)] = [
      ("courses --json > /dev/full", #""$0" courses --json > /dev/full"#, 1, failed),
      ("courses > /dev/full", #""$0" courses > /dev/full"#, 1, failed),
      ("courses stocked > /dev/full", #""$0" courses stocked > /dev/full"#, 1, failed),
      ("courses >&-", #""$0" courses >&-"#, 1, failed),
      ("courses stock c05 >&-", #""$0" courses stock c05 >&-"#, 1, failed),
      ("courses --json | (reader closed)", ClosedReader.script(["courses", "--json"]), 0, nil),
      ("courses stocked | (reader closed)", ClosedReader.script(["courses", "stocked"]), 0, nil),
    ]
    for item in cases {
      let run = try await AppRunner.runShell(item.script, environment: environment)
      var problems: [String] = []
      if run.killedBySignal || run.timedOut { problems.append("\(item.label): ended by a signal or hung") }
      if run.status != item.status { problems.append("\(item.label): exit \(run.status), expected \(item.status)") }
      if let message = item.message {
        if !run.stderr.hasPrefix(message) { problems.append("\(item.label): stderr is \(run.stderr.prefix(200))") }
      } else if !run.stderr.isEmpty {
        problems.append("\(item.label): not quiet: \(run.stderr.prefix(200))")
      }
      let (damage, lost) = damage(in: home)
      tally.record(problems: problems + damage.map { "\(item.label): \($0)" }, lostData: lost)
    }
    return tally.result
  }

  /// Stocking and refreshing while no file may grow past a limit (`ulimit -f`, with SIGXFSZ ignored, so a write
  /// past it fails with EFBIG as on a full disk), over a sweep of limits: every run ends by itself with 0 or 1
  /// (1 with an `error:` line), a stock that succeeded is kept and one that failed left nothing, and the stocked
  /// courses and the file's integrity survive.
  public static func fullFileSystem() async throws -> ScenarioResult {
    var tally = ScenarioTally("a file system that is full (ulimit -f)")
    let (home, environment) = try await preparedHome(label: "stress-full")
    defer { home.remove() }
    // Blocks of 512 bytes: nothing may be written at all, a page or two, then room for the cache but not much.
    for blocks in [0, 1, 8, 64, 160] {
      for arguments in [["courses", "stock", "c05"], ["courses", "--refresh"], ["courses", "stocked"]] {
        let label = "ulimit -f \(blocks): \(arguments.joined(separator: " "))"
        let run = try await AppRunner.runShell(
          FileSizeLimit.script(blocks: blocks, arguments), environment: environment)
        var problems: [String] = []
        guard let status = FileSizeLimit.status(in: run.stdout) else {
          tally.record(problems: ["\(label): no exit status; output \(run.stdout.suffix(300))"])
          continue
        }
        if run.timedOut { problems.append("\(label): hung") }
        if status != 0 && status != 1 { problems.append("\(label): exit \(status), expected 0 or 1") }
        if status == 1 && !run.stdout.contains("error: ") { problems.append("\(label): exit 1 without an error line") }
        var expected = stocked
        if arguments == ["courses", "stock", "c05"] && status == 0 { expected = (stocked + ["c05"]).sorted() }
        let (damage, lost) = damage(in: home, expecting: expected)
        tally.record(problems: problems + damage.map { "\(label): \($0)" }, lostData: lost)
        if expected.contains("c05") {
          _ = try await AppRunner.run(["courses", "unstock", "c05"], environment: environment)
        }
      }
    }
    return tally.result
  }
  /// An `APP_HOME` the app may read but not write, as another user sees a home that is not theirs (the tests run
  /// as root, whom permissions do not stop, so the app runs as `nobody` through `setpriv`): reading commands
  /// answer from the read-only database, a refresh answers from the origin with one warning, a stock fails with
  /// exit 1 and an error naming the directory, and the file is exactly what it was.
  public static func readOnlyHome() async throws -> ScenarioResult {
    var tally = ScenarioTally("APP_HOME read-only (run as nobody)")
    let (home, environment) = try await preparedHome(label: "stress-readonly")
    defer { home.remove() }
    let user = try AnotherUser.prepare(home: home.url)
    defer { user.remove() }
    let before = try Data(contentsOf: home.databaseFile)
    let cases: [(arguments: [String], status: Int32, stdout: [String], stderr: String?)] = [
      (["courses", "stocked"], 0, stocked, nil),
      (["courses", "--offline"], 0, ["c01"], nil),
      (["courses"], 0, ["c01"], nil),
      (["courses", "show", "c16", "--offline"], 0, ["c16"], nil),
      (["courses", "--refresh"], 0, ["c01"], "warning: "),
      (["courses", "stock", "c05"], 1, [], "error: "),
      (["courses", "unstock", "c01"], 1, [], "error: "),
    ]
    for item in cases {
      let label = item.arguments.joined(separator: " ")
      let run = try await AppRunner.runShell(user.script(item.arguments), environment: environment)
      var problems: [String] = []
      if run.killedBySignal || run.timedOut { problems.append("\(label): ended by a signal or hung") }
      if run.status != item.status {
        problems.append("\(label): exit \(run.status), expected \(item.status): \(run.stderr.prefix(300))")
      }
      for text in item.stdout where !run.stdout.contains(text) { problems.append("\(label): no \(text) in the output") }
      let lines = run.stderr.split(separator: "\n")
      if let expected = item.stderr {
        // An error is one line that says what to do, as a warning is.
        let count = 1
        if lines.count != count || !lines[0].hasPrefix(expected) {
          problems.append("\(label): stderr should be \(count) line(s) from \(expected), is \(run.stderr.prefix(300))")
        }
        if expected == "error: " && !run.stderr.contains(home.url.path) {
          problems.append("\(label): the error does not name \(home.url.path)")
        }
      } else if !lines.isEmpty {
        problems.append("\(label): stderr is not empty: \(run.stderr.prefix(300))")
      }
      if (try? Data(contentsOf: home.databaseFile)) != before { problems.append("\(label): the file changed") }
      let (damage, lost) = damage(in: home)
      tally.record(problems: problems + damage.map { "\(label): \($0)" }, lostData: lost)
    }
    return tally.result
  }
}

/// Runs the app with standard output on a pipe whose reading end is closed before the app starts, through
/// python3 (which the tests have), so the app's first write to it fails with EPIPE every time; the script exits
/// with the app's status, or 128 + the signal that ended it.
enum ClosedReader {
  static func script(_ arguments: [String]) -> String {
    let program = """
      import os, subprocess, sys
      r, w = os.pipe()
      os.close(r)
      p = subprocess.run(sys.argv[1:], stdout=w)
      sys.exit(p.returncode if p.returncode >= 0 else 128 - p.returncode)
      """
    return "exec python3 -c '\(program)' \"$0\" " + arguments.map { "'\($0)'" }.joined(separator: " ")
  }
}
