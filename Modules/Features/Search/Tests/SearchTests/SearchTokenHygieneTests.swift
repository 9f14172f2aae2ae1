import Foundation
import Reliability
import SearchTesting
import TestScheduling
import TestSupport
import Testing

/// The token must never show: not in output, logs at any level, error messages or the database, and never
/// travel to another host.
@Suite("app search: token hygiene (built binary)", .untimed)
struct SearchTokenHygieneTests {
  static let token = "ghp_TokenHygieneCanary_7f3a9c1e5b2d4"

  @Test("with APP_LOG_LEVEL=trace, no run prints the token or stores it, and a redirect does not forward it")
  func tokenNeverLeaks() async throws {
    let github = try await GitHubFakeServer.start(token: Self.token)
    let elsewhere = try await GitHubFakeServer.start(token: Self.token)
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("search-hygiene-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: home) }
    let environment = [
      "GITHUB_API_URL": github.baseURL.absoluteString, "APP_HOME": home.path, "GH_TOKEN": Self.token,
      "APP_LOG_LEVEL": "trace",
    ]
    func app(_ arguments: [String], _ extra: [String: String] = [:]) async throws -> AppRunner.Result {
      try await AppRunner.run(arguments, environment: environment.merging(extra) { $1 })
    }

    var results = [
      try await app(["search", "swift", "--json"]),
      try await app(["search", "swift", "--limit", "3"]),
      try await app(["search", "view", "owner1/repo-1"]),
      try await app(["search", "star", "owner1/repo-1"]),
      try await app(["search", "unstar", "owner1/repo-1"]),
      try await app(["search", "star", "nobody/nothing"]),
      try await app(["search", "star", "owner1/repo-1"], ["GH_TOKEN": "ghp_other"]),
    ]
    github.loopback.route("GET", "/search/repositories", response: GitHubFakeResponses.badCredentials())
    results.append(try await app(["search", "swift", "--refresh"]))
    github.loopback.route("GET", "/repos/*/*", response: GitHubFakeResponses.retryAfter(1))
    results.append(try await app(["search", "view", "owner2/repo-2"]))
    // A redirect to another port: the token must stay behind.
    let target = elsewhere.baseURL.absoluteString
    github.loopback.route("GET", "/search/repositories") { request in
      .redirect(to: target + request.path + "?" + request.rawQuery, status: 302)
    }
    results.append(try await app(["search", "redirected", "--refresh"]))
    results.append(try await app(["search", "uncached"], ["GITHUB_API_URL": "http://api.example.invalid"]))

    #expect(results.map(\.status) == [0, 0, 0, 0, 0, 1, 4, 0, 1, 0, 1])
    #expect(results.contains { $0.stderr.contains("HTTP GET") }, "trace logging is on, so the test can see logs")
    #expect(results.last?.stderr.contains("refusing to send the GitHub token to api.example.invalid") == true)
    for result in results {
      #expect(!result.stdout.contains(Self.token), "\(result.stdout)")
      #expect(!result.stderr.contains(Self.token), "\(result.stderr)")
      #expect(!result.stderr.contains("Bearer"), "\(result.stderr)")
    }
    #expect(github.requests.allSatisfy { $0.header("authorization")?.hasPrefix("Bearer ghp_") == true })
    #expect(elsewhere.searchRequests.count == 1)
    #expect(elsewhere.requests.allSatisfy { $0.header("authorization") == nil })

    let files = try AppHomeFiles.regularFiles(in: home)
    #expect(files.contains("app.sqlite"))
    for file in files {
      let data = try Data(contentsOf: home.appendingPathComponent(file))
      #expect(data.range(of: Data(Self.token.utf8)) == nil, "the token is in \(file)")
    }
    await github.stop()
    await elsewhere.stop()
  }
}
