import FeatureKit
import Foundation
import Reliability
import Testing

/// What a process loads and runs before it answers: commands that make no request never load libcurl, and
/// `--version`, answered before the argument parser, says what the parser would.
@Suite struct AppStartupTests {
  /// The shared libraries the dynamic loader reports loading, from `LD_DEBUG=files`.
  static func loadedLibraries(_ stderr: String) -> [String] {
    stderr.split(separator: "\n").compactMap { line in
      guard let range = line.range(of: "file=") else { return nil }
      return String(line[range.upperBound...].prefix { $0 != " " && $0 != ";" })
    }
  }

  @Test(arguments: [["--version"], ["--help"], ["di", "check"], ["--generate-completion-script", "bash"]])
  func aCommandThatMakesNoRequestNeverLoadsLibcurl(arguments: [String]) async throws {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("startup-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: home) }
    let result = try await AppRunner.run(arguments, environment: ["APP_HOME": home.path, "LD_DEBUG": "files"])
    #expect(result.status == 0, "\(result.stderr)")
    let libraries = Self.loadedLibraries(result.stderr)
    // The loader did report: the test would pass vacuously on a loader that ignores LD_DEBUG.
    #expect(libraries.contains { $0.hasPrefix("libc.so") }, "\(result.stderr.prefix(500))")
    #expect(!libraries.contains { $0.contains("libcurl") }, "\(libraries)")
  }

  @Test func versionAloneAnswersWhatTheParserAnswers() async throws {
    let alone = try await AppRunner.run(["--version"])
    // With a subcommand before it, `--version` goes through the argument parser.
    let parsed = try await AppRunner.run(["di", "--version"])
    #expect(alone.status == 0)
    #expect(parsed.status == 0)
    #expect(alone.stdout == "\(Application.versionLine)\n")
    #expect(alone.stdout == parsed.stdout)
    #expect(alone.stderr.isEmpty)
  }
}
