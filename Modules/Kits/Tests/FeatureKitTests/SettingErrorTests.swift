import ArgumentParser
import DI
import FeatureKit
import FeatureKitTesting
import Foundation
import Infrastructure
import TestScheduling
import Testing

/// How the app tells a bad setting, through the real command path of a feature made for it: a secret's value is
/// never echoed, and a setting a factory reads without its feature declaring it is one plain line, not the
/// container's chain.
@Suite(.untimed) struct SettingErrorTests {
  /// Runs `app <arguments>` of the probe feature in `environment` and returns its status and standard error.
  private func run(_ arguments: [String], _ environment: [String: String]) async -> (status: Int32, errors: String) {
    let errors = CapturedText()
    let app = Application(
      root: ProbeRoot.self, features: [ProbePlugin.self],
      environment: ["APP_HOME": "/nonexistent/setting-error-tests"].merging(environment) { $1 },
      terminal: Terminal(output: CapturedText().sink, errors: errors.sink))
    let status = await app.run(arguments)
    return (status, errors.value)
  }

  @Test func aDeclaredSecretSettingsValueIsNeverEchoed() async {
    let result = await run(["probe"], ["PROBE_SECRET": "hunter2-visible"])
    #expect(result.status == 64)
    #expect(
      result.errors == """
        error: PROBE_SECRET is set, but it must be a key starting with probe_; its value is secret and not shown. \
        Fix or unset PROBE_SECRET.
        See `app help settings` for every setting and what it takes.

        """)
    #expect(!result.errors.contains("hunter2"))
  }

  @Test func aSettingNoFeatureDeclaresIsOnePlainLine() async {
    let result = await run(["probe"], ["PROBE_URL": "not-a-url"])
    #expect(result.status == 64)
    #expect(
      result.errors == """
        error: PROBE_URL is set to "not-a-url", but it must be an absolute http:// or https:// URL such as \
        https://example.com/api. Fix or unset PROBE_URL.

        """)
  }

  @Test func anUndeclaredSecretSettingsValueIsNeverEchoed() async {
    let result = await run(["probe"], ["PROBE_HIDDEN_KEY": "hunter2-visible"])
    #expect(result.status == 64)
    #expect(
      result.errors == """
        error: PROBE_HIDDEN_KEY is set, but it must be a key starting with probe_; its value is secret and not \
        shown. Fix or unset PROBE_HIDDEN_KEY.

        """)
  }

  @Test(arguments: ["debug", "trace", "DEBUG"])
  func theContainersChainOfAnUndeclaredSettingShowsOnlyAtDebug(level: String) async {
    let result = await run(["probe"], ["PROBE_URL": "not-a-url", "APP_LOG_LEVEL": level])
    #expect(result.status == 64)
    let lines = result.errors.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(
      Array(lines.prefix(4)) == [
        #"error: PROBE_URL is set to "not-a-url", but it must be an absolute http:// or https:// URL such as "#
          + "https://example.com/api. Fix or unset PROBE_URL.",
        "debug: a factory read a setting no feature declares.",
        #"The factory of ProbeService failed: PROBE_URL is set to "not-a-url", but it must be an absolute http:// "#
          + "or https:// URL such as https://example.com/api. Fix or unset PROBE_URL.",
        "  chain: ProbeService",
      ])
    #expect(lines.count == 6 && lines[4].hasPrefix("  registered at SettingErrorTests.swift:") && lines[5].isEmpty)
  }

  @Test func theContainersChainStaysHiddenAtInfo() async {
    let result = await run(["probe"], ["PROBE_URL": "not-a-url", "APP_LOG_LEVEL": "info"])
    #expect(result.status == 64)
    #expect(!result.errors.contains("chain") && !result.errors.contains("registered at"))
  }

  @Test func aMissingRegistrationStillShowsTheContainersError() async {
    let result = await run(["probe", "--wiring"], [:])
    #expect(result.status == 1)
    let lines = result.errors.split(separator: "\n").map(String.init)
    #expect(
      Array(lines.prefix(3)) == [
        "error: a dependency could not be built.", "No registration for ProbeMissing.",
        "  chain: ProbeWiring -> ProbeMissing",
      ])
    #expect(lines.count > 3 && lines[3].hasPrefix("  asked for by ProbeWiring, registered at SettingErrorTests.swift:"))
  }

  @Test func goodSettingsRunTheCommand() async {
    let result = await run(["probe"], ["PROBE_URL": "http://127.0.0.1:9", "PROBE_SECRET": "probe_key"])
    #expect(result.status == 0)
    #expect(result.errors.isEmpty)
  }
}

/// The probe feature's settings: one declared secret, and two its factory reads without declaring them.
private enum ProbeSettings {
  /// A secret key starting with `probe_`, declared by ``ProbePlugin``.
  static let secret = key("PROBE_SECRET")
  /// A URL that ``ProbePlugin`` forgets to declare.
  static let undeclaredURL = Setting.httpURL("PROBE_URL", meaning: "the probe's origin", defaultValue: "none")
  /// A secret that ``ProbePlugin`` forgets to declare.
  static let undeclaredSecret = key("PROBE_HIDDEN_KEY")

  /// A secret setting whose parser quotes what it rejects, as a careless parser would.
  static func key(_ variable: String) -> Setting<String> {
    let info = SettingInfo(
      variables: [variable], meaning: "a probe key", values: "a key starting with probe_", defaultValue: "none",
      isSecret: true)
    return Setting(info) {
      text, variable throws(ConfigurationError) in
      guard text.hasPrefix("probe_") else {
        throw .invalidValue(variable: variable, value: text, expected: "a key starting with probe_")
      }
      return text
    }
  }
}

private struct ProbeService: Sendable {
  let url: URL?
  let key: String?
}

private struct ProbeMissing: Sendable {}

private struct ProbeWiring: Sendable {
  let missing: ProbeMissing
}

private struct ProbeAssembly: Assembly {
  static let dependencies: [any Assembly.Type] = [InfrastructureAssembly.self]

  func assemble(into registrar: Registrar) {
    registrar.register(ProbeService.self) { resolver in
      let settings = try resolver.resolve(Settings.self)
      return ProbeService(
        url: try settings.value(of: ProbeSettings.undeclaredURL),
        key: try settings.value(of: ProbeSettings.undeclaredSecret))
    }
    registrar.register(ProbeWiring.self) { resolver in ProbeWiring(missing: try resolver.resolve()) }
  }
}

/// `app probe [--wiring]`: resolves the probe service, or the registration whose dependency nothing registers.
private struct ProbeCommand: ContainerCommand {
  static let configuration = CommandConfiguration(commandName: "probe", abstract: "Resolve the probe.")

  @Flag var wiring = false

  func run(in context: CommandContext) async throws {
    if wiring {
      _ = try context.container.resolve(ProbeWiring.self)
    } else {
      _ = try context.container.resolve(ProbeService.self)
    }
  }
}

private enum ProbePlugin: FeaturePlugin {
  static var assemblies: [any Assembly] { [ProbeAssembly()] }
  static var settings: [SettingInfo] { [ProbeSettings.secret.info] }
  static var command: any ParsableCommand.Type { ProbeCommand.self }
}

private struct ProbeRoot: ParsableCommand {
  static var configuration: CommandConfiguration { Application.rootConfiguration(features: [ProbePlugin.self]) }
}
