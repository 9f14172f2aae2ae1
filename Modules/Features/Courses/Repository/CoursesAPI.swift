import Infrastructure
import Repository

/// The Courses origin: one call per root field of the contract.
public protocol CoursesAPI: Sendable {
  /// All categories, in display order.
  func categories() async throws -> [Category]
  /// The user's recently viewed courses, newest first, at most `limit`.
  func recentCourses(limit: Int) async throws -> [Course]
  /// Courses recommended for the user, best first, at most `limit`.
  func recommendedCourses(limit: Int) async throws -> [Course]
  /// Ranking sections, in display order.
  func rankings() async throws -> [RankingContents]
  /// Courses with the given ids, in the order of `ids`; unknown ids are left out.
  func courses(ids: [String]) async throws -> [Course]
  /// The user's progress on the given courses; courses never started are left out.
  func userCourses(courseIds: [String]) async throws -> [UserCourse]
}

/// ``CoursesAPI`` over GraphQL, with the operations in ``CoursesQueries``.
public struct GraphQLCoursesAPI: CoursesAPI {
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

  /// All categories.
  public func categories() async throws -> [Category] {
    try await run(CoursesQueries.categories, "Categories", [:], as: CategoriesData.self).categories
  }

  /// Recently viewed courses.
  public func recentCourses(limit: Int) async throws -> [Course] {
    try await run(CoursesQueries.recentCourses, "RecentCourses", ["limit": .int(limit)], as: RecentData.self)
      .recentCourses
  }

  /// Recommended courses.
  public func recommendedCourses(limit: Int) async throws -> [Course] {
    try await run(
      CoursesQueries.recommendedCourses, "RecommendedCourses", ["limit": .int(limit)], as: RecommendedData.self
    ).recommendedCourses
  }

  /// Ranking sections.
  public func rankings() async throws -> [RankingContents] {
    try await run(CoursesQueries.rankings, "Rankings", [:], as: RankingsData.self).rankings
  }

  /// Courses by id.
  public func courses(ids: [String]) async throws -> [Course] {
    guard !ids.isEmpty else { return [] }
    return try await run(
      CoursesQueries.courses, "Courses", ["ids": .array(ids.map { .string($0) })], as: CoursesData.self
    )
    .courses
  }

  /// Progress on courses.
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
