import Infrastructure
import Repository

/// The Courses origin, one call per root field of the contract: GraphQL with the operations in ``CoursesQueries``,
/// on HTTP or on the demo catalog in process.
public struct CoursesAPI: Sendable {
  private let client: GraphQLClient

  /// Creates the API on `client` (HTTP, or the demo catalog in process).
  public init(client: GraphQLClient) {
    self.client = client
  }

  private struct CategoriesData: Decodable { let categories: [Category] }
  private struct RecentData: Decodable { let recentCourses: [Course] }
  private struct RecommendedData: Decodable { let recommendedCourses: [Course] }
  private struct RankingsData: Decodable { let rankings: [RankingContents] }
  private struct CoursesData: Decodable { let courses: [Course] }
  private struct UserCoursesData: Decodable { let userCourses: [UserCourse] }

  /// All categories, in display order.
  public func categories() async throws -> [Category] {
    try await run(CoursesQueries.categories, "Categories", [:], as: CategoriesData.self).categories
  }

  /// The user's recently viewed courses, newest first, at most `limit`.
  public func recentCourses(limit: Int) async throws -> [Course] {
    try await run(CoursesQueries.recentCourses, "RecentCourses", ["limit": .int(limit)], as: RecentData.self)
      .recentCourses
  }

  /// Courses recommended for the user, best first, at most `limit`.
  public func recommendedCourses(limit: Int) async throws -> [Course] {
    try await run(
      CoursesQueries.recommendedCourses, "RecommendedCourses", ["limit": .int(limit)], as: RecommendedData.self
    ).recommendedCourses
  }

  /// Ranking sections, in display order.
  public func rankings() async throws -> [RankingContents] {
    try await run(CoursesQueries.rankings, "Rankings", [:], as: RankingsData.self).rankings
  }

  /// Courses with the given ids, in the order of `ids`; unknown ids are left out.
  public func courses(ids: [String]) async throws -> [Course] {
    guard !ids.isEmpty else { return [] }
    return try await run(
      CoursesQueries.courses, "Courses", ["ids": .array(ids.map { .string($0) })], as: CoursesData.self
    )
    .courses
  }

  /// The user's progress on the given courses; courses never started are left out.
  public func userCourses(courseIds: [String]) async throws -> [UserCourse] {
    guard !courseIds.isEmpty else { return [] }
    return try await run(
      CoursesQueries.userCourses, "UserCourses", ["ids": .array(courseIds.map { .string($0) })],
      as: UserCoursesData.self
    ).userCourses
  }

  private func run<T: Decodable>(
    _ query: String, _ operationName: String, _ variables: [String: JSONValue], as type: T.Type
  ) async throws(GraphQLError) -> T {
    try await client.execute(GraphQLRequest(query: query, operationName: operationName, variables: variables), as: type)
  }
}
