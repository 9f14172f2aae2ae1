import DI
import Foundation
import Infrastructure
import Repository
import SearchRepository
import SearchTesting
import TestScheduling
import TestSupport
import Testing

/// The Search repository layer's registrations: the GitHub REST client built from the feature's settings.
@Suite(.untimed) struct SearchRepositoryAssemblyTests {
  struct Reply: Decodable, Equatable { let fullName: String }

  func container(_ environment: [String: String]) throws -> Container {
    let environment = ["APP_HOME": "/tmp/app-tests-home"].merging(environment) { $1 }
    return try Assembler([
      InfrastructureAssembly(environment: environment), RepositoryAssembly(), SearchRepositoryAssembly(),
    ])
    .assemble()
  }

  @Test func theLayerIsCompleteOnTheKitsAlone() throws {
    let report = try container([:]).validate()
    #expect(report.isValid, "\(report)")
  }

  @Test func githubClientSendsGitHubHeadersAndTheTokenToTheConfiguredHost() async throws {
    let server = try await LoopbackServer.start()
    defer { Task { await server.stop() } }
    server.route("GET", "/repos/apple/swift", response: .json(#"{"full_name": "apple/swift"}"#))
    let token = "ghp_assemblyTestToken123"
    let client = try container(["GITHUB_API_URL": server.baseURL.absoluteString, "GH_TOKEN": token])
      .resolve(RESTClient.self, name: .github)

    let reply = try await client.get(Reply.self, path: "repos/apple/swift")
    #expect(reply == Reply(fullName: "apple/swift"))
    let request = try #require(server.requests.first)
    #expect(request.header("Accept") == "application/vnd.github+json")
    #expect(request.header("X-GitHub-Api-Version") == "2022-11-28")
    #expect(request.header("User-Agent") == "modular-app/\(AppInfo.version)")
    #expect(request.header("Authorization") == "Bearer \(token)")
  }

  @Test func githubClientSendsNoAuthorizationWithoutAToken() async throws {
    let server = try await LoopbackServer.start()
    defer { Task { await server.stop() } }
    server.route("GET", "/rate_limit", response: .json(#"{"full_name": "x"}"#))
    let client = try container(["GITHUB_API_URL": server.baseURL.absoluteString]).resolve(
      RESTClient.self, name: .github)
    _ = try await client.get(Reply.self, path: "rate_limit")
    #expect(server.requests.first?.header("Authorization") == nil)
  }

  @Test func tokenIsRefusedOverPlainHTTPToAnotherHost() async throws {
    let client = try container(["GITHUB_API_URL": "http://api.example.com", "GH_TOKEN": "ghp_secret"])
      .resolve(RESTClient.self, name: .github)
    let error = await #expect(throws: RESTError.self) { try await client.get(Reply.self, path: "user") }
    #expect(error?.description.contains("ghp_secret") == false)
    guard case .http(.insecureCredentials(let host)) = error else {
      Issue.record("expected insecureCredentials, got \(String(describing: error))")
      return
    }
    #expect(host == "api.example.com")
  }

  @Test func aBadGitHubURLNamesTheVariable() throws {
    let error = #expect(throws: ResolutionError.self) {
      try container(["GITHUB_API_URL": "api.github.com"]).resolve(RESTClient.self, name: .github)
    }
    #expect(
      error?.description.contains(
        "GITHUB_API_URL is set to \"api.github.com\", but it must be an absolute http:// or https:// URL") == true)
  }

  @Test func ghTokenComesBeforeGitHubToken() async throws {
    let server = try await LoopbackServer.start()
    defer { Task { await server.stop() } }
    server.route("GET", "/user", response: .json(#"{"full_name": "x"}"#))
    for (environment, expected) in [
      (["GH_TOKEN": "gh-one", "GITHUB_TOKEN": "github-two"], "Bearer gh-one"),
      (["GH_TOKEN": "", "GITHUB_TOKEN": "github-two"], "Bearer github-two"),
    ] {
      let client = try container(environment.merging(["GITHUB_API_URL": server.baseURL.absoluteString]) { $1 })
        .resolve(RESTClient.self, name: .github)
      _ = try await client.get(Reply.self, path: "user")
      #expect(server.requests.last?.header("Authorization") == expected)
    }
  }
}
