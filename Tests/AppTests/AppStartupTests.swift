import FeatureKit
import Foundation
import Reliability
import TestScheduling
import Testing

/// What a process loads and runs before it answers: commands that make no request never load libcurl, and the
/// requests answered before the argument parser (`--version`, `--help`, `-h`, a completion script) say exactly
/// what the parser says.
@Suite(.untimed) struct AppStartupTests {
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

  /// A container command is prepared on the main thread and handed to the task that runs it, and the process ends
  /// without freeing the command's objects: the end's actions still empty the log after a write, as closing the
  /// last connection did, and after a read of the database the main thread opened early (`courses` reads the cache
  /// first), no open marker is left.
  @Test func theDatabaseClosesWhenAContainerCommandEnds() async throws {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("startup-close-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: home) }
    let environment = ["APP_HOME": home.path]
    let database = home.appendingPathComponent("app.sqlite").path
    func files() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: home.path).sorted() }
    for arguments in [["courses"], ["courses", "stock", "c42", "--offline"], ["courses", "--offline"]] {
      let run = try await AppRunner.run(arguments, environment: environment)
      #expect(run.status == 0, "\(arguments): \(run.stderr)")
      let log = try FileManager.default.attributesOfItem(atPath: database + "-wal")[.size] as? Int
      #expect(log == 0, "\(arguments): the log was left at \(log ?? -1) bytes")
      let left = try files()
      #expect(!left.contains { $0.contains(".open-") }, "\(arguments): \(left)")
    }
  }

  #if FEATURE_SEARCH
    /// The database is opened early only for a command whose first step reads it: `search view` checks the name
    /// first, so a name that is none makes no database in a fresh home.
    @Test func aNameThatIsNoneMakesNoDatabase() async throws {
      let home = FileManager.default.temporaryDirectory.appendingPathComponent("startup-name-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: home) }
      for name in ["not-a-repo", "https://example.com/a/b"] {
        let run = try await AppRunner.run(["search", "view", name], environment: ["APP_HOME": home.path])
        #expect(run.status == 64, "\(name): \(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("app.sqlite").path), "\(name)")
      }
    }
  #endif

  /// `--version` is the root's alone: after a subcommand, or with anything else, it is a usage error naming where
  /// it goes, never the version (the parser would offer the root's flag on every subcommand, and ignore it there).
  @Test func versionIsAnsweredAloneAndOnlyByTheRoot() async throws {
    let alone = try await AppRunner.run(["--version"])
    #expect(alone.status == 0)
    #expect(alone.stdout == "\(Application.versionLine)\n")
    #expect(alone.stderr.isEmpty)
    let cases: [([String], String)] = [
      (["di", "--version"], "Usage: app di <subcommand>\n  See 'app di --help' for more information.\n"),
      (["di", "check", "--version"], "Usage: app di check\n  See 'app di check --help' for more information.\n"),
      (["--version", "di", "check"], "Usage: app di check\n  See 'app di check --help' for more information.\n"),
    ]
    for (arguments, usage) in cases {
      let result = try await AppRunner.run(arguments)
      #expect(result.status == 64, "\(arguments)")
      #expect(result.stdout.isEmpty, "\(arguments)")
      #expect(
        result.stderr == "error: Unknown option '--version': only app takes it, alone: app --version\n" + usage,
        "\(arguments)")
    }
  }

  @Test func helpAloneAnswersWhatTheParserAnswers() async throws {
    // `app help` is the parser's own help command.
    let parsed = try await AppRunner.run(["help"])
    #expect(parsed.status == 0)
    #expect(parsed.stdout.contains("USAGE: app [--version] <subcommand>"))
    for arguments in [["--help"], ["-h"]] {
      let alone = try await AppRunner.run(arguments)
      #expect(alone.status == 0)
      #expect(alone.stdout == parsed.stdout, "\(arguments)")
      #expect(alone.stderr.isEmpty)
    }
  }

  @Test(arguments: ["bash", "zsh", "fish"])
  func completionScriptAnswersWhatTheParserAnswers(shell: String) async throws {
    let alone = try await AppRunner.run(["--generate-completion-script", shell])
    // Written as one argument, the request goes through the parser.
    let parsed = try await AppRunner.run(["--generate-completion-script=\(shell)"])
    #expect(alone.status == 0)
    #expect(parsed.status == 0)
    #expect(alone.stdout.count > 1_000)
    #expect(alone.stdout == parsed.stdout)
  }

  @Test func anUnknownShellIsStillTheParsersUsageError() async throws {
    let result = try await AppRunner.run(["--generate-completion-script", "tcsh"])
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("tcsh"), "\(result.stderr)")
  }
}
