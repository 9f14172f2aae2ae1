import CoursesDemo
import CoursesRepository
import Foundation
import Infrastructure
import Reliability

/// The Courses client's response decoders, for ``DecoderFuzzing``.
enum CoursesDecoderTargets {
  private struct CategoriesData: Decodable { let categories: [CoursesRepository.Category] }
  private struct RecentData: Decodable { let recentCourses: [Course] }
  private struct RecommendedData: Decodable { let recommendedCourses: [Course] }
  private struct RankingsData: Decodable { let rankings: [RankingContents] }
  private struct CoursesData: Decodable { let courses: [Course] }
  private struct UserCoursesData: Decodable { let userCourses: [UserCourse] }

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
      try await target("Categories", CategoriesData.self),
      try await target("RecentCourses", RecentData.self),
      try await target("RecommendedCourses", RecommendedData.self),
      try await target("Rankings", RankingsData.self),
      try await target("Courses", CoursesData.self),
      try await target("UserCourses", UserCoursesData.self),
    ]
  }
}

/// A transport the fuzzer never calls: it only uses the client's decoding.
private struct UnusedTransport: GraphQLTransport {
  func execute(_ request: GraphQLRequest) async throws(GraphQLError) -> Data {
    throw .missingData
  }
}
