import Foundation
import Reliability
import TestScheduling
import Testing

/// What a new user types wrong, or asks, on the command line, and exactly what the built app answers.
@Suite(.untimed) struct CommandLineGuideTests {
  @Test(arguments: [["courses", "--help"], ["courses", "help"], ["help", "courses"], ["courses", "-h"]])
  func aGroupsHelpShowsItsDefaultSubcommandsOptions(arguments: [String]) async throws {
    let run = try await AppRunner.run(arguments)
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
    #expect(run.stdout.contains("USAGE: app courses <subcommand>"))
    #expect(run.stdout.contains("OPTIONS OF 'home', THE DEFAULT SUBCOMMAND (app courses [options]):\n"))
    for flag in ["--offline", "--refresh", "--json", "--recent-limit", "--recommended-limit"] {
      #expect(run.stdout.contains("  \(flag)"), "\(flag) in \(arguments)")
    }
  }

  @Test func searchsHelpShowsTheQueryOptions() async throws {
    let run = try await AppRunner.run(["search", "--help"])
    #expect(run.status == 0)
    #expect(run.stdout.contains("OPTIONS OF 'query', THE DEFAULT SUBCOMMAND (app search [options]):\n"))
    // `-L` is gh's short name for --limit.
    for flag in ["--sort", "--order", "--language", "-L, --limit", "--offline", "--json"] {
      #expect(run.stdout.contains("  \(flag)"), "\(flag)")
    }
  }

  @Test(
    arguments: [
      (
        ["cuorses"],
        "error: 'cuorses' is not a subcommand of 'app'. Did you mean 'courses'?\nUsage: app [--version] <subcommand>\n"
      ),
      (
        ["courses", "shwo", "c01"],
        "error: 'shwo' is not a subcommand of 'app courses'. Did you mean 'show'?\nUsage: app courses <subcommand>\n"
      ),
      (["help", "nosuch"], "error: 'nosuch' is not a subcommand of 'app'.\nUsage: app [--version] <subcommand>\n"),
      (
        ["help", "serch"],
        "error: 'serch' is not a subcommand of 'app'. Did you mean 'search'?\nUsage: app [--version] <subcommand>\n"
      ),
    ])
  func aMisspelledCommandIsAUsageErrorWithTheClosestName(arguments: [String], start: String) async throws {
    let run = try await AppRunner.run(arguments)
    #expect(run.status == 64)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr.hasPrefix(start), "\(run.stderr)")
  }

  @Test(
    arguments: [
      (
        ["search", "swift", "--limit", "-1"],
        "error: --limit must be from 1 to 1000 (GitHub pages to 1,000 results at most), not -1.\n"
      ),
      (["courses", "--recent-limit", "-1"], "error: --recent-limit must be from 1 to 100, not -1.\n"),
      (["courses", "--recommended-limit", "-5"], "error: --recommended-limit must be from 1 to 100, not -5.\n"),
    ])
  func aNegativeNumberIsTheOptionsValueAndItsRangeIsTold(arguments: [String], start: String) async throws {
    let run = try await AppRunner.run(arguments, environment: ["GITHUB_API_URL": "http://127.0.0.1:9"])
    #expect(run.status == 64)
    #expect(run.stderr.hasPrefix(start), "\(run.stderr)")
  }

  @Test func aLongArgumentIsNamedByItsStartWithTheCommandsOwnUsageAndEveryErrorIsLowerCase() async throws {
    let run = try await AppRunner.run(["courses", "show", String(repeating: "y", count: 5000)])
    #expect(run.status == 64)
    #expect(
      run.stderr.hasPrefix(
        "error: argument 3 ('yyyyyyyyyyyyyyyy…') is 5000 bytes long; the limit is 4096.\nUsage: app courses show "),
      "\(run.stderr)")
    #expect(run.stderr.hasSuffix("\n  See 'app courses show --help' for more information.\n"), "\(run.stderr)")
    let parser = try await AppRunner.run(["courses", "--bogus"])
    #expect(parser.stderr.hasPrefix("error: Unknown option '--bogus'"))
  }

  /// More words than any command takes are refused before the parse (whose time grows with their square), with
  /// the usage of the command they were for.
  @Test func fourThousandWordsAreRefusedBeforeTheParseWithTheCommandsUsage() async throws {
    let run = try await AppRunner.run(
      ["search"] + (1...4000).map { "word\($0)" }, environment: ["GITHUB_API_URL": "http://127.0.0.1:9"])
    #expect(run.status == 64)
    #expect(run.stdout.isEmpty)
    #expect(
      run.stderr.hasPrefix(
        "error: 4001 arguments are more than any command takes; the limit is 256.\nUsage: app search "),
      "\(run.stderr)")
    #expect(run.stderr.hasSuffix("\n  See 'app search --help' for more information.\n"), "\(run.stderr)")
  }
}
