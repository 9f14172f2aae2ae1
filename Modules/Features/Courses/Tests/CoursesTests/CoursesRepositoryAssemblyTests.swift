import CoursesRepository
import CoursesTesting
import DI
import Foundation
import Infrastructure
import Repository
import TestScheduling
import TestSupport
import Testing

/// The Courses repository layer's registrations: the GraphQL client built from the feature's setting.
@Suite(.untimed) struct CoursesRepositoryAssemblyTests {
  func container(_ environment: [String: String]) throws -> Container {
    let environment = ["APP_HOME": "/tmp/app-tests-home"].merging(environment) { $1 }
    return try Assembler([
      InfrastructureAssembly(environment: environment), RepositoryAssembly(), CoursesRepositoryAssembly(),
    ])
    .assemble()
  }

  @Test func theLayerIsCompleteOnTheKitsAlone() throws {
    let report = try container([:]).validate()
    #expect(report.isValid, "\(report)")
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

  @Test(arguments: ["ftp://example.com/graphql", "/graphql", "https://"])
  func aBadCoursesURLNamesTheVariable(value: String) throws {
    let error = #expect(throws: ResolutionError.self) {
      try container(["COURSES_API_URL": value]).resolve(GraphQLClient.self, name: .courses)
    }
    #expect(
      error?.description.contains(
        "COURSES_API_URL is set to \(String(reflecting: value)), but it must be an absolute http:// or https:// URL "
          + "such as https://example.com/api. Fix or unset COURSES_API_URL.") == true)
  }

}
