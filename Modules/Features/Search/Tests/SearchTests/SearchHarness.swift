import DI
import FeatureKit
import FeatureKitTesting
import Foundation
import Infrastructure
import InfrastructureTesting
import SearchTesting
import TestSupport
import Testing

@testable import SearchFeature

/// What one run of the app printed and how it ended.
struct SearchRun {
  let status: Int32
  let stdout: String
  let stderr: String
}

/// One test's world: a fake GitHub, a real SQLite file in its own APP_HOME, a manual clock, and a way to run
/// `app search …` in process with the real container (the clock overridden) and the real HTTP client.
final class SearchHarness: Sendable {
  /// A token no other text contains, so a leak is easy to find.
  static let token = "ghp_SearchHarnessToken0123456789abcXYZ"

  let github: GitHubFakeServer
  let home: URL
  let clock = ManualClock()

  private init(github: GitHubFakeServer, home: URL) {
    self.github = github
    self.home = home
  }

  /// A harness whose fake GitHub knows `repos` and accepts ``token``.
  static func start(
    repos: [GitHubFakeRepo] = (1...5).map(GitHubFakeRepo.numbered)
  ) async throws -> SearchHarness {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("search-tests-\(UUID().uuidString)")
    return SearchHarness(github: try await GitHubFakeServer.start(token: token, repos: repos), home: home)
  }

  deinit {
    try? FileManager.default.removeItem(at: home)
  }

  /// The environment of a run: APP_HOME, GITHUB_API_URL at the fake and, unless `token` is false, GH_TOKEN.
  /// Related courses are given a minute, so that a busy machine never turns a double's answer into "no answer in
  /// time".
  func environment(token: Bool = true, _ extra: [String: String] = [:]) -> [String: String] {
    var environment = [
      "APP_HOME": home.path, "GITHUB_API_URL": github.baseURL.absoluteString, "HOME": home.path,
      "APP_RELATED_TIMEOUT": "60",
    ]
    if token { environment["GH_TOKEN"] = Self.token }
    environment.merge(extra) { $1 }
    return environment
  }

  /// The app as a run starts it: the real command path, from parsing to the exit status, with this harness's clock.
  func application(environment: [String: String], terminal: Terminal) -> Application {
    let clock = clock
    return Application(
      root: SearchTestRoot.self, features: [SearchPlugin.self], environment: environment, terminal: terminal,
      overrides: { $0.register((any AppClock).self, scope: .singleton) { _ in clock } })
  }

  /// The container a run uses: the app's real graph with this harness's clock.
  func container(environment: [String: String], terminal: Terminal) throws -> Container {
    try application(environment: environment, terminal: terminal).container()
  }

  /// Runs `app <arguments>` through ``application(environment:terminal:)`` and captures what it printed.
  func run(
    _ arguments: [String], token: Bool = true, environment extra: [String: String] = [:],
    interactive: Bool = false, columns: Int? = nil
  ) async throws -> SearchRun {
    let output = CapturedText()
    let errors = CapturedText()
    let terminal = Terminal(
      output: output.sink, errors: errors.sink, isInteractive: interactive, errorsAreInteractive: interactive,
      columns: columns)
    let app = application(environment: environment(token: token, extra), terminal: terminal)
    let status = await app.run(arguments)
    return SearchRun(status: status, stdout: output.value, stderr: errors.value)
  }

  /// Runs `app search <words> --json …` and decodes the JSON it printed.
  func searchJSON(_ arguments: [String], token: Bool = true) async throws -> (run: SearchRun, json: [String: Any]) {
    let run = try await run(["search"] + arguments + ["--json"], token: token)
    let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
    return (run, try #require(object as? [String: Any], "not a JSON object: \(run.stdout) \(run.stderr)"))
  }

  /// Stops the fake GitHub.
  func stop() async {
    await github.stop()
  }
}

/// The full names in a JSON search result, in order.
func fullNames(_ json: [String: Any]) -> [String] {
  (json["items"] as? [[String: Any]] ?? []).compactMap { $0["fullName"] as? String }
}
