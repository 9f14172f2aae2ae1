import Foundation
import TestSupport

/// Every feature's commands against every fault of their origins, with and without a warm cache.
///
/// Each run must end by itself (a stalled origin never answers, so only the app's own HTTP timeout of
/// ``stallTimeout`` can end it; a run still going after ``hangLimit`` is a hang, a bound far above that so that a
/// busy machine never looks like one), with an exit status under 128 and the one its
/// ``FaultMatrixCommand`` expects; a failing run prints `error: <title>` and a hint. Every run sets every secret
/// to a distinctive token and `APP_LOG_LEVEL=trace`; the token must appear in no output and no database file.
/// After the faulty runs, the warm database must pass `PRAGMA integrity_check` with the user data and the
/// cache entries as they were.
public enum FaultMatrix {
  /// A token no output may ever contain.
  public static let token = "ghp_FaultMatrixSecret_0123456789abcdef"
  /// The HTTP timeout, in seconds, of the runs against an origin that never answers: only the app's own timeout
  /// ends them, so it is short.
  public static let stallTimeout = 2
  /// The HTTP timeout, in seconds, of every other run, whose origin answers by itself (500 ms late, at worst): long
  /// enough that a busy machine never turns a slow answer into a failure.
  public static let answerTimeout = 60

  /// The HTTP timeout of the runs under `fault`.
  static func timeout(for fault: Fault) -> Int {
    fault == .stall || fault == .tlsHandshakeStall ? stallTimeout : answerTimeout
  }
  /// How long a run may take before it counts as hung: a guard against a hang, not a measure of speed.
  public static let hangLimit: Duration = .seconds(60)

  /// How many runs ``run(_:faults:)`` makes per fault for `parts`: each command cold and warm, and one check of
  /// the data afterwards.
  public static func runsPerFault(_ parts: [FaultMatrixPart]) -> Int {
    parts.map(\.commands.count).reduce(0, +) * 2 + 1
  }

  /// Runs the matrix of every feature in `suites`; one run per (fault, command, warm or cold).
  public static func run(
    _ suites: [any FeatureReliability.Type], faults: [Fault] = Fault.allCases
  ) async throws
    -> ScenarioResult
  {
    var tally = ScenarioTally("faults × commands")
    for fault in faults {
      // Fresh origins for every fault; the fault server stops them.
      let parts = try await parts(suites)
      let commands = parts.map(\.commands.count).reduce(0, +)
      tally.name = "faults × commands (\(faults.count) × \(commands) × cold/warm)"
      for outcome in try await runFault(fault, parts: parts) {
        tally.record(problems: outcome.problems, lostData: outcome.lostData)
      }
    }
    return tally.result
  }

  /// Every suite's part, with a fresh origin each.
  static func parts(_ suites: [any FeatureReliability.Type]) async throws -> [FaultMatrixPart] {
    var parts: [FaultMatrixPart] = []
    for suite in suites { parts.append(try await suite.faultMatrix()) }
    return parts
  }

  struct Outcome {
    let problems: [String]
    let lostData: Bool
  }

  static func runFault(_ fault: Fault, parts: [FaultMatrixPart]) async throws -> [Outcome] {
    let server = try await FaultServer.start(origins: parts.map(\.origin))
    let warmHome = AppHome(label: "fault-warm")
    let coldHome = AppHome(label: "fault-cold")
    defer {
      warmHome.remove()
      coldHome.remove()
    }
    let base = ["APP_LOG_LEVEL": "trace"]
    let healthy = base.merging(server.environment(for: .none, token: token)) { $1 }
      .merging(["APP_HTTP_TIMEOUT": String(answerTimeout)]) { $1 }
    for arguments in parts.flatMap(\.setup) {
      _ = try await AppRunner.run(arguments, environment: healthy.merging(["APP_HOME": warmHome.url.path]) { $1 })
    }
    let userData = parts.flatMap(\.userData)
    server.setFault(fault)
    let front = try await TLSFront.start(for: fault, backendPort: server.server.port)
    defer { front?.stop() }
    // Some faults are served from another address (a resetting server, a TLS front). They stand for the same
    // origin failing, so the warm cache, which files entries under their origin's URL, is filed under it too.
    let faultyBase = front?.baseURL ?? (fault == .connectionReset ? server.resetter.baseURL : server.server.baseURL)
    try warmHome.refileCache(from: server.server.baseURL.absoluteString, to: faultyBase.absoluteString)
    let before = try warmHome.inspect(userData: userData)
    let faulty = base.merging(server.environment(for: fault, token: token, base: front?.baseURL)) { $1 }
      .merging(front?.environment ?? [:]) { $1 }
      .merging(["APP_HTTP_TIMEOUT": String(timeout(for: fault))]) { $1 }

    var outcomes: [Outcome] = []
    for warm in [false, true] {
      let home = warm ? warmHome : coldHome
      for command in parts.flatMap(\.commands) {
        let run = try await AppRunner.run(
          command.arguments(warm), environment: faulty.merging(["APP_HOME": home.url.path]) { $1 },
          timeLimit: hangLimit)
        let label = "\(fault.rawValue) / \(command.name) / \(warm ? "warm" : "cold")"
        outcomes.append(
          Outcome(problems: check(run, expected: command.expectedStatus(fault, warm), label), lostData: false))
      }
    }
    await server.stop()

    var problems: [String] = []
    var lost = false
    do {
      let after = try warmHome.inspect(userData: userData)
      if after.integrity != "ok" { problems.append("integrity: \(after.integrity)") }
      if after.userData != before.userData {
        problems.append("user data changed from \(before.userData) to \(after.userData)")
        lost = true
      }
      let dropped = parts.reduce(into: Set<String>()) { $0.formUnion($1.droppedCacheEntries) }
      let lostEntries = before.cacheKeys.subtracting(after.cacheKeys).subtracting(dropped)
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
    if run.timedOut { problems.append("\(label): still running after \(hangLimit)") }
    if run.killedBySignal || run.status >= 128 { problems.append("\(label): crashed (status \(run.status))") }
    if run.status != expected {
      problems.append("\(label): exit \(run.status), expected \(expected): \(run.stderr.suffix(300))")
    }
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
