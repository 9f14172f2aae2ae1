import CoursesDemo
import CoursesRepository
import Foundation
import Infrastructure
import Reliability

/// The Courses client's response decoders, for ``DecoderFuzzing``.
enum CoursesDecoderTargets {
  private struct CategoriesAnswer: Decodable { let categories: [CategoryResponse] }
  private struct RecentCoursesAnswer: Decodable { let recentCourses: [CourseResponse] }
  private struct RecommendedCoursesAnswer: Decodable { let recommendedCourses: [CourseResponse] }
  private struct RankingsAnswer: Decodable { let rankings: [RankingResponse] }
  private struct CoursesAnswer: Decodable { let courses: [CourseResponse] }
  private struct UserCoursesAnswer: Decodable { let userCourses: [UserCourseResponse] }

  /// The Courses client's decoders, each with the demo origin's real answer to its operation.
  static func all() async throws -> [DecoderFuzzing.Target] {
    let server = try CoursesGraphQLServer(catalog: .bundled())
    let client = GraphQLClient(transport: UnusedTransport())
    func sample(_ request: GraphQLRequest) async throws -> Data {
      await server.respond(to: try JSONEncoder().encode(request))
    }
    let requests = Dictionary(uniqueKeysWithValues: CoursesQueries.all.map { ($0.operationName ?? "", $0) })
    func target<T: Decodable & SendableMetatype>(
      _ operation: String, _ type: T.Type
    ) async throws -> DecoderFuzzing.Target {
      guard let request = requests[operation] else { throw GraphQLError.missingData }
      return DecoderFuzzing.Target(name: operation, sample: try await sample(request)) { data in
        _ = try client.decodeResponse(data, as: T.self)
      }
    }
    return [
      try await target("Categories", CategoriesAnswer.self),
      try await target("RecentCourses", RecentCoursesAnswer.self),
      try await target("RecommendedCourses", RecommendedCoursesAnswer.self),
      try await target("Rankings", RankingsAnswer.self),
      try await target("Courses", CoursesAnswer.self),
      try await target("UserCourses", UserCoursesAnswer.self),
    ]
  }
}

/// A transport the fuzzer never calls: it only uses the client's decoding.
private struct UnusedTransport: GraphQLTransport {
  func execute(_ request: GraphQLRequest) async throws(GraphQLError) -> Data {
    throw .missingData
  }
}
