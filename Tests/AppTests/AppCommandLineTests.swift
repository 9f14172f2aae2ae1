import Foundation
import Reliability
import Testing

@Suite struct AppCommandLineTests {
  @Test func helpListsEveryFeatureWithItsSummary() async throws {
    let result = try await AppRunner.run(["--help"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("USAGE: app <subcommand>"))
    #expect(result.stdout.contains("  courses "))
    #expect(result.stdout.contains("Browse the course catalog"))
    #expect(result.stdout.contains("  search "))
    #expect(result.stdout.contains("Search GitHub repositories"))
    #expect(result.stdout.contains("  di "))
    #expect(result.stdout.contains("64 usage error"))
    #expect(result.stderr.isEmpty)
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

  @Test func unknownFlagOfAFeatureIsAUsageError() async throws {
    let result = try await AppRunner.run(["courses", "--no-such-flag"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("Unknown option '--no-such-flag'"))
  }
}

@Suite struct AppStartupErrorTests {
  @Test func badConfigurationFailsDICheckReadablyWithoutACrash() async throws {
    let result = try await AppRunner.run(
      ["di", "check"], environment: ["COURSES_API_URL": "ftp://courses.example.com"])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("The factory of AppConfiguration failed: COURSES_API_URL"))
    #expect(result.stderr.contains("ftp://courses.example.com"))
    #expect(result.stderr.contains("error: the dependency graph has"))
    #expect(!result.stderr.contains("Fatal error"))
  }
}
