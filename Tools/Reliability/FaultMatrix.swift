import Foundation
import TestSupport

/// Every command against every fault of the origins, with and without a warm cache.
///
/// Each run must end by itself within the HTTP timeout plus 2 s, with an exit status under 128 and the one the
/// table in ``expectedStatus(_:_:warm:)`` gives; a failing run prints `error: <title>` and a hint. Every run
/// uses a distinctive token and `APP_LOG_LEVEL=trace`; the token must appear in no output and no database file.
/// After the faulty runs, the warm database must pass `PRAGMA integrity_check` with the stocked courses and
/// the cache entries as they were.
public enum FaultMatrix {
  /// A command of the matrix.
  public enum Command: String, CaseIterable, Sendable {
    case coursesHome = "courses home"
    case coursesShow = "courses show"
    case search = "search"
    case searchView = "search view"
    case star = "star"

    /// The arguments; warm runs of the cached reads ask for a refresh, so the fault is met.
    func arguments(warm: Bool) -> [String] {
      switch self {
      case .coursesHome: warm ? ["courses", "--refresh"] : ["courses"]
      case .coursesShow: warm ? ["courses", "show", "c02", "--refresh"] : ["courses", "show", "c02"]
      case .search: warm ? ["search", "swift", "--refresh"] : ["search", "swift"]
      case .searchView: ["search", "view", "owner1/repo-1"]
      case .star: ["search", "star", "owner1/repo-1"]
      }
    }
  }

  /// A token no output may ever contain.
  public static let token = "ghp_FaultMatrixSecret_0123456789abcdef"
  /// The HTTP timeout of every run, in seconds.
  public static let timeout = 2

  /// The exit status `command` must end with under `fault`, with or without a warm cache.
  public static func expectedStatus(_ fault: Fault, _ command: Command, warm: Bool) -> Int32 {
    switch fault {
    case .none, .latency: return 0
    case .graphQLErrors:
      // Only the Courses API speaks GraphQL; the GitHub routes answer normally.
      return command == .coursesHome || command == .coursesShow ? (warm ? 0 : 1) : 0
    case .redirectToOtherPort:
      // The other port answers; Authorization is not carried there, so starring is refused.
      return command == .star ? 4 : 0
    case .http500, .html502, .malformedJSON, .truncatedJSON, .wrongTypes, .rateLimited, .stall, .hugeBody,
      .connectionReset:
      if command == .star {
        return fault == .malformedJSON || fault == .truncatedJSON || fault == .wrongTypes ? 0 : 1
      }
      // A warm read shows the cached content with a warning; `search view` stays fresh in its cache.
      return warm ? 0 : 1
    }
  }

  /// Runs the whole matrix; one run per (fault, command, warm or cold).
  public static func run(faults: [Fault] = Fault.allCases) async throws -> ScenarioResult {
    var tally = ScenarioTally("faults × commands (\(faults.count) × \(Command.allCases.count) × cold/warm)")
    for fault in faults {
      for outcome in try await runFault(fault) {
        tally.record(problems: outcome.problems, lostData: outcome.lostData)
      }
    }
    return tally.result
  }

  struct Outcome {
    let problems: [String]
    let lostData: Bool
  }

  static func runFault(_ fault: Fault) async throws -> [Outcome] {
    let server = try await FaultServer.start(token: token)
    let warmHome = AppHome(label: "fault-warm")
    let coldHome = AppHome(label: "fault-cold")
    defer {
      warmHome.remove()
      coldHome.remove()
    }
    let base = ["GH_TOKEN": token, "APP_LOG_LEVEL": "trace", "APP_HTTP_TIMEOUT": String(timeout)]
    let healthy = base.merging(server.environment(for: .none)) { $1 }
    for arguments in [
      ["courses"], ["courses", "show", "c02"], ["courses", "stock", "c01"], ["courses", "stock", "c16"],
      ["search", "swift"], ["search", "view", "owner1/repo-1"],
    ] {
      _ = try await AppRunner.run(arguments, environment: healthy.merging(["APP_HOME": warmHome.url.path]) { $1 })
    }
    let before = try warmHome.inspect()
    server.setFault(fault)
    let faulty = base.merging(server.environment(for: fault)) { $1 }

    var outcomes: [Outcome] = []
    for warm in [false, true] {
      let home = warm ? warmHome : coldHome
      for command in Command.allCases {
        let run = try await AppRunner.run(
          command.arguments(warm: warm), environment: faulty.merging(["APP_HOME": home.url.path]) { $1 },
          timeLimit: .seconds(timeout + 2))
        let label = "\(fault.rawValue) / \(command.rawValue) / \(warm ? "warm" : "cold")"
        outcomes.append(Outcome(problems: check(run, expected: expectedStatus(fault, command, warm: warm), label), lostData: false))
      }
    }
    await server.stop()

    var problems: [String] = []
    var lost = false
    do {
      let after = try warmHome.inspect()
      if after.integrity != "ok" { problems.append("integrity: \(after.integrity)") }
      if after.stocked != before.stocked {
        problems.append("stocked changed from \(before.stocked) to \(after.stocked)")
        lost = true
      }
      // Starring drops the starred repository's cached details on purpose (its star count changed).
      let lostEntries = before.cacheKeys.subtracting(after.cacheKeys).filter { $0 != "search.repository owner1/repo-1" }
      if !lostEntries.isEmpty {
        problems.append("cache entries lost: \(lostEntries.sorted())")
        lost = true
      }
    } catch {
      problems.append("the database did not open: \(error)")
      lost = true
    }
    for home in [warmHome, coldHome] where containsToken(home) {
      problems.append("the token is in a database file under \(home.url.lastPathComponent)")
    }
    outcomes.append(Outcome(problems: problems.map { "\(fault.rawValue): \($0)" }, lostData: lost))
    return outcomes
  }

  /// What is wrong with one run.
  static func check(_ run: AppRunner.Result, expected: Int32, _ label: String) -> [String] {
    var problems: [String] = []
    if run.timedOut { problems.append("\(label): still running after \(timeout + 2) s") }
    if run.killedBySignal || run.status >= 128 { problems.append("\(label): crashed (status \(run.status))") }
    if run.status != expected { problems.append("\(label): exit \(run.status), expected \(expected): \(run.stderr.suffix(300))") }
    if run.stdout.contains(token) || run.stderr.contains(token) { problems.append("\(label): the token was printed") }
    if run.status != 0 {
      let lines = run.stderr.split(separator: "\n").map(String.init).filter { !isLogLine($0) }
      let titles = lines.indices.filter { lines[$0].hasPrefix("error: ") }
      if titles.count != 1 {
        problems.append("\(label): \(titles.count) error titles on stderr")
      } else if let title = titles.first, title + 1 >= lines.count || lines[title + 1].isEmpty {
        problems.append("\(label): no hint after the error title")
      }
    }
    return problems
  }

  /// Whether `line` was written by swift-log (timestamp first) rather than by the app's own diagnostics.
  static func isLogLine(_ line: String) -> Bool {
    guard let first = line.first, first.isNumber else { return false }
    return line.prefix(4).allSatisfy(\.isNumber) && line.dropFirst(4).first == "-"
  }

  /// Whether any file of `home` holds the token's bytes.
  static func containsToken(_ home: AppHome) -> Bool {
    let files = (try? FileManager.default.contentsOfDirectory(at: home.url, includingPropertiesForKeys: nil)) ?? []
    return files.contains { file in
      (try? Data(contentsOf: file))?.range(of: Data(token.utf8)) != nil
    }
  }
}
