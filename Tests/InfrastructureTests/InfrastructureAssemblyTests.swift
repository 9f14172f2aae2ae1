import DI
import Foundation
import Infrastructure
import TestSupport
import Testing

@Suite struct InfrastructureAssemblyTests {
  struct Reply: Decodable, Equatable { let fullName: String }

  func container(_ environment: [String: String]) throws -> Container {
    try Assembler([InfrastructureAssembly(environment: ["APP_HOME": "/tmp/app-tests-home"].merging(environment) { $1 })]
    )
    .assemble()
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

  @Test func coursesClientPostsToTheConfiguredEndpoint() async throws {
    let server = try await LoopbackServer.start()
    defer { Task { await server.stop() } }
    server.route("POST", "/graphql", response: .json(#"{"data": {"categories": [{"id": "a", "name": "A"}]}}"#))
    struct Categories: Decodable { struct Row: Decodable { let id: String }; let categories: [Row] }
    let client = try container(["COURSES_API_URL": server.url("/graphql").absoluteString])
      .resolve(GraphQLClient.self, name: .courses)

    let data = try await client.execute(GraphQLRequest(query: "{ categories { id } }"), as: Categories.self)
    #expect(data.categories.map(\.id) == ["a"])
    #expect(server.requests.first?.header("User-Agent") == "modular-app/\(AppInfo.version)")
  }

  @Test func withoutCoursesURLTheCoursesClientNeedsTheDemoTransport() throws {
    let report = try container([:]).validate()
    #expect(report.problems.map(\.key.description) == ["GraphQLTransport[demo]"])
  }

  @Test func databaseLivesUnderAppHome() throws {
    let database = try container(["APP_HOME": "/tmp/app-home-check"]).resolve(Database.self)
    #expect(database.fileURL.path == "/tmp/app-home-check/app.sqlite")
  }
}
