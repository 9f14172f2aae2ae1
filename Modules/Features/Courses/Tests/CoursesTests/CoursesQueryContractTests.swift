import CoursesDemo
import CoursesRepository
import CoursesUseCase
import DI
import Foundation
import GraphQL
import Infrastructure
import Repository
import Synchronization
import TestScheduling
import Testing
import UseCase

/// Forwards to another transport and keeps every request it sends.
final class RecordingTransport: Infrastructure.GraphQLTransport {
  let base: any Infrastructure.GraphQLTransport
  private let sent = Mutex<[Infrastructure.GraphQLRequest]>([])

  init(base: any Infrastructure.GraphQLTransport) {
    self.base = base
  }

  var requests: [Infrastructure.GraphQLRequest] { sent.withLock { $0 } }

  func execute(_ request: Infrastructure.GraphQLRequest) async throws(Infrastructure.GraphQLError) -> Data {
    sent.withLock { $0.append(request) }
    return try await base.execute(request)
  }
}

@Suite(.untimed) struct CoursesQueryContractTests {
  let schema = try? buildSchema(source: Source(body: CoursesContract.schema))

  /// The validation errors of `query` against the contract schema.
  func contractErrors(_ query: String) throws -> [String] {
    let schema = try #require(schema)
    return try validate(schema: schema, ast: parse(source: Source(body: query))).map(\.message)
  }

  @Test func everyOperationOfTheClientValidatesAgainstTheContract() throws {
    #expect(CoursesQueries.all.count == 6)
    for request in CoursesQueries.all {
      #expect(try contractErrors(request.query) == [], "\(request.operationName ?? "")")
    }
  }

  @Test func theValidationCatchesAQueryOutsideTheContract() throws {
    #expect(
      try contractErrors("query Q { courses(ids: [\"a\"]) { id price } }") == [
        #"Cannot query field "price" on type "Course"."#
      ])
  }

  @Test func everyRequestSentForTheHomeScreenAndDetailValidates() async throws {
    let harness = try CoursesHarness(origin: nil)
    defer { harness.remove() }
    let container = try harness.container()
    let recorder = RecordingTransport(
      base: try container.resolve((any Infrastructure.GraphQLTransport).self, name: .demo))
    let recorded = container.overriding {
      $0.register((any Infrastructure.GraphQLTransport).self, name: .demo, scope: .singleton) { _ in recorder }
    }
    _ = try await recorded.resolve(GetMainUseCase.self).settled(recentLimit: 3, recommendedLimit: 4)
    _ = try await recorded.resolve(CourseDetailUseCase.self).settled(id: "c03")
    let operations = Set(recorder.requests.compactMap(\.operationName))
    #expect(operations == ["Categories", "RecentCourses", "RecommendedCourses", "Rankings", "Courses", "UserCourses"])
    for request in recorder.requests {
      #expect(try contractErrors(request.query) == [])
    }
  }
}
