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
    #expect(result.stdout.contains("USAGE: app <subcommand>"))
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
    #expect(result.stderr.contains("Unexpected argument 'bogus'"))
    #expect(result.stderr.contains("Usage: app <subcommand>"))
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
  @Test func badConfigurationFailsDICheckReadablyWithoutACrash() async throws {
    let result = try await AppRunner.run(["di", "check"], environment: ["APP_HTTP_TIMEOUT": "soon"])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("The factory of AppConfiguration failed: APP_HTTP_TIMEOUT is set to \"soon\""))
    #expect(result.stderr.contains("error: the dependency graph has"))
    #expect(!result.stderr.contains("Fatal error"))
  }
}
