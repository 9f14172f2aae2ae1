import Foundation

/// Command lines no command can mean, and what the app must say to each: a usage error (64), never a crash.
public enum HostileArguments {
  /// The app's own cases (empty, huge, control characters, unknown flags); each feature adds its own through
  /// ``FeatureReliability/hostileArguments``.
  public static let appCases: [(arguments: [String], message: String)] = [
    ([""], "Unexpected argument ''"),
    (
      ["di", "graph", "--format", String(repeating: "x", count: 10 * 1024)],
      "argument 4 ('xxxxxxxxxxxxxxxx…') is 10240 bytes long; the limit is 4096."
    ),
    ([String(repeating: "-", count: 10 * 1024)], "argument 1 ('----------------…') is 10240 bytes long"),
    (["di", "graph", "--format", "dot\u{1B}[2J"], "argument 4 contains a control character (U+001B)"),
    (["di", "graph", "--format", "dot\u{9B}"], "argument 4 contains a control character (U+009B)"),
    (["di", "check", "--verbose"], "Unknown option '--verbose'"),
    (["--bogus"], "Unknown option '--bogus'"),
  ]

  /// The app's cases and those of every feature in `suites`.
  public static func cases(_ suites: [any FeatureReliability.Type]) -> [(arguments: [String], message: String)] {
    appCases + suites.flatMap { $0.hostileArguments }
  }

  /// The shell script that passes invalid UTF-8 (Foundation passes arguments as Strings), with its message.
  public static let invalidUTF8 = (
    script: #""$0" di graph --format "$(printf 'd\377\376')""#,
    message: "argument 4 is not valid UTF-8; pass text in UTF-8."
  )

  /// Runs every case of the app and of `suites` against the binary.
  public static func scenario(home: String, suites: [any FeatureReliability.Type]) async throws -> ScenarioResult {
    var tally = ScenarioTally("hostile command lines")
    for (arguments, message) in cases(suites) {
      let run = try await AppRunner.run(arguments, environment: ["APP_HOME": home])
      tally.record(problems: problems(run, message: message, label: arguments.joined(separator: " ").prefix(40)))
    }
    let run = try await AppRunner.runShell(invalidUTF8.script, environment: ["APP_HOME": home])
    tally.record(problems: problems(run, message: invalidUTF8.message, label: "invalid UTF-8"))
    return tally.result
  }

  static func problems(_ run: AppRunner.Result, message: String, label: some StringProtocol) -> [String] {
    var problems: [String] = []
    if run.status != 64 { problems.append("\(label): exit \(run.status), expected 64") }
    if run.killedBySignal || run.timedOut { problems.append("\(label): crashed or hung") }
    if !run.stderr.contains(message) { problems.append("\(label): stderr lacks \(message): \(run.stderr.prefix(200))") }
    if !run.stdout.isEmpty { problems.append("\(label): printed on stdout") }
    return problems
  }
}
