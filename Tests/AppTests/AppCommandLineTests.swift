import FeatureKit
import Foundation
import Infrastructure
import Reliability
import TestScheduling
import Testing

@Suite(.untimed) struct AppCommandLineTests {
  @Test func helpListsEveryFeatureWithItsSummary() async throws {
    let result = try await AppRunner.run(["--help"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("USAGE: app [--version] <subcommand>"))
    for feature in registeredFeatures() {
      #expect(result.stdout.contains("  \(feature.name) "))
      #expect(result.stdout.contains(String(feature.summary.prefix(40))))
    }
    #expect(result.stdout.contains("  di "))
    #expect(result.stdout.contains("64 usage error"))
    #expect(result.stderr.isEmpty)
  }

  @Test func helpListsEverySettingOfEveryFeatureAndOfTheApp() async throws {
    let help = try await AppRunner.run(["--help"]).stdout
    let settings = registeredFeatures().flatMap { $0.settings } + AppConfiguration.settings
    #expect(!settings.isEmpty)
    let flat = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    for setting in settings {
      for variable in setting.variables {
        #expect(flat.contains(variable), "\(variable) in --help")
      }
    }
  }

  @Test func readmeConfigurationTableHasEverySettingOfTheHelp() throws {
    let readme = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../README.md"),
      encoding: .utf8)
    let settings = registeredFeatures().flatMap { $0.settings } + AppConfiguration.settings
    let rows = readme.split(separator: "\n").filter { $0.hasPrefix("| `") }
    for setting in settings {
      let name = setting.variables.map { "`\($0)`" }.joined(separator: ", then ")
      #expect(rows.contains { $0.hasPrefix("| \(name) |") }, "README's configuration table has a row for \(name)")
    }
  }

  @Test func aMisspelledVersionFlagNamesTheRightOne() async throws {
    let result = try await AppRunner.run(["--verison"])
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "error: Unknown option '--verison'. Did you mean '--version'?\nUsage: app [--version] <subcommand>\n"
        + "  See 'app --help' for more information.\n")
    let help = try await AppRunner.run(["--hlep"])
    #expect(help.status == 64)
    #expect(help.stderr.hasPrefix("error: Unknown option '--hlep'. Did you mean '--help'?\n"))
  }

  /// After a subcommand, a near miss of `--version` is not offered it: only `app` takes `--version`; `--help` still
  /// is, as every command takes it.
  @Test(arguments: [["di", "graph", "--verison"], ["di", "check", "--verison"], ["cache", "info", "--verison"]])
  func aMisspelledVersionFlagIsNotOfferedTheRootsFlagAfterASubcommand(arguments: [String]) async throws {
    let result = try await AppRunner.run(arguments)
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first == "error: Unknown option '--verison'", "\(result.stderr)")
    let help = try await AppRunner.run(arguments.dropLast() + ["--hlep"])
    #expect(help.status == 64)
    #expect(help.stderr.hasPrefix("error: Unknown option '--hlep'. Did you mean '--help'?\n"), "\(help.stderr)")
    #expect(lines.dropFirst().first?.hasPrefix("Usage: app \(arguments.dropLast().joined(separator: " "))") == true)
    // An option the command declares is suggested by the parser, once.
    let own = try await AppRunner.run(["di", "graph", "--fromat", "dot"])
    #expect(own.status == 64)
    #expect(own.stderr.hasPrefix("error: Unknown option '--fromat'. Did you mean '--format'?\n"), "\(own.stderr)")
  }

  /// A `gh`-style field list after any command's `--json` is explained as `app search` explains it: this `--json`
  /// takes none and prints every field.
  @Test func aJSONFieldListIsExplainedOnEveryCommandThatTakesJSON() async throws {
    var cases: [([String], String)] = [
      (["cache", "info", "--json", "fullName"], "app cache info [--json]")
    ]
    #if FEATURE_COURSES
      cases.append((["courses", "stocked", "--json", "id,title"], "app courses stocked [--json]"))
    #endif
    for (arguments, usage) in cases {
      let result = try await AppRunner.run(arguments)
      #expect(result.status == 64, "\(arguments)")
      #expect(result.stdout.isEmpty)
      let command = arguments.prefix { $0 != "--json" }.joined(separator: " ")
      #expect(
        result.stderr
          == "error: '\(arguments.last ?? "")' is a gh --json field list, not an argument; this --json prints every "
          + "field. Select fields with jq, e.g. app \(command) --json | jq\nUsage: \(usage)\n"
          + "  See 'app \(command) --help' for more information.\n", "\(result.stderr)")
    }
  }

  @Test func versionPrintsTheVersion() async throws {
    let result = try await AppRunner.run(["--version"])
    #expect(result.status == 0)
    #expect(result.stdout == "app version 0.1.0\n")
  }

  @Test func diCheckPassesOnTheAppsRealGraph() async throws {
    let result = try await AppRunner.run(["di", "check"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("OK: "))
    #expect(result.stdout.contains("no problems"))
  }

  @Test func diGraphDotHasEdges() async throws {
    let result = try await AppRunner.run(["di", "graph", "--format", "dot"])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("digraph dependencies {"))
    #expect(result.stdout.contains("\" -> \""), "the graph has at least one edge")
    #expect(result.stdout.hasSuffix("}\n"))
  }

  @Test func diGraphMermaid() async throws {
    let result = try await AppRunner.run(["di", "graph", "--format", "mermaid"])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("flowchart LR\n"))
    #expect(result.stdout.contains(" --> "))
  }

  @Test func unknownCommandIsAUsageError() async throws {
    let result = try await AppRunner.run(["bogus"])
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "error: 'bogus' is not a subcommand of 'app'.\nUsage: app [--version] <subcommand>\n  See 'app --help' for the subcommands.\n"
    )
  }

  @Test func badFlagIsAUsageError() async throws {
    let result = try await AppRunner.run(["di", "graph", "--format", "svg"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("The value 'svg' is invalid for '--format <format>'"))
  }
}

@Suite(.untimed) struct GraphCheckTests {
  @Test func theAppsGraphIsSoundInTheBuildChecksFixedEnvironment() throws {
    let report = try Application.validateGraph(features: registeredFeatures())
    #expect(report.isValid, "\(report)")
    #expect(report.compilerDiagnostics().isEmpty)
    #expect(report.keys.count > 20, "every feature's registrations are in the graph")
  }
}

@Suite(.untimed) struct AppStartupErrorTests {
  static let appSettingErrors = """
    error: APP_HOME is set to "relative/dir", but it must be an absolute directory path such as /var/lib/app. \
    Fix or unset APP_HOME.
    error: APP_LOG_LEVEL is set to "bogus", but it must be one of trace, debug, info, notice, warning, error, \
    critical. Fix or unset APP_LOG_LEVEL.
    error: APP_HTTP_TIMEOUT is set to "soon", but it must be a number of seconds from 1 to 600. \
    Fix or unset APP_HTTP_TIMEOUT.
    error: APP_CACHE_MAX_MB is set to "0", but it must be a number of megabytes from 1 to 100000. \
    Fix or unset APP_CACHE_MAX_MB.

    """
  static let coursesSettingErrors = """
    error: COURSES_API_URL is set to "not-a-url", but it must be an absolute http:// or https:// URL such as \
    https://example.com/api. Fix or unset COURSES_API_URL.

    """
  static let searchSettingErrors = """
    error: GITHUB_API_URL is set to "ftp://example.com", but it must be an absolute http:// or https:// URL \
    such as https://example.com/api. Fix or unset GITHUB_API_URL.
    error: GH_TOKEN holds a token with spaces, line breaks or control characters. Set it to the token alone, \
    or unset it.

    """
  static let pointer = "See `app help settings` for every setting and what it takes.\n"

  /// Each command is told every bad setting it reads, the app's and its own feature's, at once; another
  /// feature's are not its business.
  @Test(arguments: [
    (["courses"], appSettingErrors + coursesSettingErrors + pointer),
    (["search", "swift"], appSettingErrors + searchSettingErrors + pointer),
    (["di", "check"], appSettingErrors + pointer),
  ])
  func badSettingsAreAllToldAtOnceBeforeAnythingIsBuilt(arguments: [String], expected: String) async throws {
    let secret = "ghp_Secret0123456789\nsecond-line"
    let environment = [
      "APP_HTTP_TIMEOUT": "soon", "APP_HOME": "relative/dir", "APP_LOG_LEVEL": "bogus", "APP_CACHE_MAX_MB": "0",
      "COURSES_API_URL": "not-a-url", "GITHUB_API_URL": "ftp://example.com", "GH_TOKEN": secret,
    ]
    let result = try await AppRunner.run(arguments, environment: environment)
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == expected, "\(arguments)")
    #expect(!result.stderr.contains("ghp_Secret"), "a secret is never echoed")
    #expect(!result.stderr.contains("dependency"))
  }

  @Test func aBadTrustFileMattersOnlyToHTTPS() async throws {
    let home = AppHome(label: "bad-trust")
    defer { home.remove() }
    let environment = [
      "APP_HOME": home.url.path, "SSL_CERT_FILE": "/nonexistent/ca.pem",
      "COURSES_API_URL": "https://127.0.0.1:9/graphql",
    ]
    let https = try await AppRunner.run(["courses"], environment: environment)
    #expect(https.status == 1)
    #expect(
      https.stderr == """
        error: SSL_CERT_FILE is set to "/nonexistent/ca.pem", but it must be a readable PEM file of CA certificates. \
        Fix or unset SSL_CERT_FILE.
        See `app help settings` for every setting and what it takes.

        """)
    let demo = try await AppRunner.run(["courses"], environment: ["APP_HOME": home.url.path, "SSL_CERT_FILE": "/x"])
    #expect(demo.status == 0, "the bundled demo catalog needs no TLS: \(demo.stderr)")
  }
}
