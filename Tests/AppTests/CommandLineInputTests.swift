import Foundation
import Reliability
import Testing

/// Hostile or malformed command lines: every one is a usage error (64), never a crash.
@Suite struct CommandLineInputTests {
  static let home = FileManager.default.temporaryDirectory.appendingPathComponent("cli-input-\(UUID().uuidString)").path

  @Test(arguments: [
    ([""], "Unexpected argument ''"),
    (["courses", "show", ""], "The course id is empty."),
    (["courses", "stock", "   "], "The course id is empty."),
    (
      ["courses", "show", String(repeating: "x", count: 10 * 1024)],
      "argument 3 is 10240 bytes long; the limit is 4096."
    ),
    (["courses", String(repeating: "-", count: 10 * 1024)], "argument 2 is 10240 bytes long"),
    (["courses", "show", "c01\u{1B}[2J"], "argument 3 contains a control character (U+001B)"),
    (["courses", "stock", "c\u{7F}"], "argument 3 contains a control character (U+007F)"),
    (["di", "graph", "--format", "dot\u{9B}"], "argument 4 contains a control character (U+009B)"),
    (["courses", "--no-such-flag"], "Unknown option '--no-such-flag'"),
    (["courses", "show", "c01", "--bogus"], "Unknown option '--bogus'"),
    (["di", "check", "--verbose"], "Unknown option '--verbose'"),
    (["--bogus"], "Unknown option '--bogus'"),
  ])
  func isAUsageError(arguments: [String], message: String) async throws {
    let result = try await AppRunner.run(arguments, environment: ["APP_HOME": Self.home])
    #expect(result.status == 64, "\(result.stderr)")
    #expect(result.stderr.contains(message), "\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  @Test func invalidUTF8IsAUsageError() async throws {
    // Foundation passes arguments as Strings, so the raw bytes go through the shell.
    let script = #""$0" courses show "$(printf 'c\377\376')""#
    let result = try await AppRunner.runShell(script, environment: ["APP_HOME": Self.home])
    #expect(result.status == 64)
    #expect(result.stderr.contains("argument 3 is not valid UTF-8; pass text in UTF-8."))
  }
}
