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

  private struct CategoriesAnswer: Decodable { let categories: [CategoryResponse] }
  private struct RecentCoursesAnswer: Decodable { let recentCourses: [CourseResponse] }
  private struct RecommendedCoursesAnswer: Decodable { let recommendedCourses: [CourseResponse] }
  private struct RankingsAnswer: Decodable { let rankings: [RankingResponse] }
  private struct CoursesAnswer: Decodable { let courses: [CourseResponse] }
  private struct UserCoursesAnswer: Decodable { let userCourses: [UserCourseResponse] }

  /// All categories, in display order.
  public func categories() async throws -> [CategoryResponse] {
    try await run(CoursesQueries.categories, "Categories", [:], as: CategoriesAnswer.self).categories
  }

  /// The user's recently viewed courses, newest first, at most `limit`.
  public func recentCourses(limit: Int) async throws -> [CourseResponse] {
    try await run(CoursesQueries.recentCourses, "RecentCourses", ["limit": .int(limit)], as: RecentCoursesAnswer.self)
      .recentCourses
  }

  /// Courses recommended for the user, best first, at most `limit`.
  public func recommendedCourses(limit: Int) async throws -> [CourseResponse] {
    try await run(
      CoursesQueries.recommendedCourses, "RecommendedCourses", ["limit": .int(limit)], as: RecommendedCoursesAnswer.self
    ).recommendedCourses
  }

  /// Ranking sections, in display order.
  public func rankings() async throws -> [RankingResponse] {
    try await run(CoursesQueries.rankings, "Rankings", [:], as: RankingsAnswer.self).rankings
  }

  /// Courses with the given ids, in the order of `ids`; unknown ids are left out.
  public func courses(ids: [String]) async throws -> [CourseResponse] {
    guard !ids.isEmpty else { return [] }
    return try await run(
      CoursesQueries.courses, "Courses", ["ids": .array(ids.map { .string($0) })], as: CoursesAnswer.self
    )
    .courses
  }

  /// The user's progress on the given courses; courses never started are left out.
  public func userCourses(courseIds: [String]) async throws -> [UserCourseResponse] {
    guard !courseIds.isEmpty else { return [] }
    return try await run(
      CoursesQueries.userCourses, "UserCourses", ["ids": .array(courseIds.map { .string($0) })],
      as: UserCoursesAnswer.self
    ).userCourses
  }

  private func run<T: Decodable>(
    _ query: String, _ operationName: String, _ variables: [String: JSONValue], as type: T.Type
  ) async throws(GraphQLError) -> T {
    try await client.execute(GraphQLRequest(query: query, operationName: operationName, variables: variables), as: type)
  }
}
