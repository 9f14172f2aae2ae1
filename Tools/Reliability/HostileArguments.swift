import Foundation

/// Command lines no command can mean, and what the app must say to each: a usage error (64), never a crash.
public enum HostileArguments {
  /// Each command line with a piece of the message it must get.
  public static let cases: [(arguments: [String], message: String)] = [
    ([""], "Unexpected argument ''"),
    (["courses", "show", ""], "The course id is empty."),
    (["courses", "stock", "   "], "The course id is empty."),
    (["search", ""], "The search query is empty."),
    (["courses", "show", String(repeating: "x", count: 10 * 1024)], "argument 3 is 10240 bytes long; the limit is 4096."),
    (["search", String(repeating: "swift ", count: 1800)], "argument 2 is 10800 bytes long"),
    (["courses", String(repeating: "-", count: 10 * 1024)], "argument 2 is 10240 bytes long"),
    (["courses", "show", "c01\u{1B}[2J"], "argument 3 contains a control character (U+001B)"),
    (["courses", "stock", "c\u{7F}"], "argument 3 contains a control character (U+007F)"),
    (["search", "swift\u{07}"], "argument 2 contains a control character (U+0007)"),
    (["di", "graph", "--format", "dot\u{9B}"], "argument 4 contains a control character (U+009B)"),
    (["courses", "--no-such-flag"], "Unknown option '--no-such-flag'"),
    (["courses", "show", "c01", "--bogus"], "Unknown option '--bogus'"),
    (["search", "swift", "--limit", "0"], "--limit must be from 1 to 1000"),
    (["search", "swift", "--limit", "5000"], "--limit must be from 1 to 1000"),
    (["search", "view", "not-a-repo"], "'not-a-repo' is not a repository name"),
    (["di", "check", "--verbose"], "Unknown option '--verbose'"),
    (["--bogus"], "Unknown option '--bogus'"),
  ]

  /// The shell script that passes invalid UTF-8 (Foundation passes arguments as Strings), with its message.
  public static let invalidUTF8 = (script: #""$0" courses show "$(printf 'c\377\376')""#,
    message: "argument 3 is not valid UTF-8; pass text in UTF-8.")

  /// Runs every case against the binary.
  public static func scenario(home: String) async throws -> ScenarioResult {
    var tally = ScenarioTally("hostile command lines")
    for (arguments, message) in cases {
      let run = try await AppRunner.run(arguments, environment: ["APP_HOME": home], timeLimit: .seconds(20))
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
