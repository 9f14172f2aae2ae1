import Foundation
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

  /// All categories, in display order.
  public func categories() async throws -> [CategoryResponse] {
    try await run(Operations.categories, [:]).categories
  }

  /// The user's recently viewed courses, newest first, at most `limit`.
  public func recentCourses(limit: Int) async throws -> [CourseResponse] {
    try await run(Operations.recentCourses, ["limit": .int(limit)]).recentCourses
  }

  /// Courses recommended for the user, best first, at most `limit`.
  public func recommendedCourses(limit: Int) async throws -> [CourseResponse] {
    try await run(Operations.recommendedCourses, ["limit": .int(limit)]).recommendedCourses
  }

  /// Ranking sections, in display order.
  public func rankings() async throws -> [RankingResponse] {
    try await run(Operations.rankings, [:]).rankings
  }

  /// Courses with the given ids, in the order of `ids`; unknown ids are left out.
  public func courses(ids: [String]) async throws -> [CourseResponse] {
    guard !ids.isEmpty else { return [] }
    return try await run(Operations.courses, ["ids": .array(ids.map { .string($0) })]).courses
  }

  /// The user's progress on the given courses; courses never started are left out.
  public func userCourses(courseIds: [String]) async throws -> [UserCourseResponse] {
    guard !courseIds.isEmpty else { return [] }
    return try await run(Operations.userCourses, ["ids": .array(courseIds.map { .string($0) })]).userCourses
  }

  /// How each operation's answer is decoded, by the operation's name, in the order of ``CoursesQueries/all``: the
  /// whole response document (its `errors`, then its `data`), exactly as a call decodes it. For checks that feed the
  /// decoders answers of their own, such as the decoder fuzzing.
  public var decoders: [(operation: String, decode: @Sendable (Data) throws(GraphQLError) -> Void)] {
    [
      decoder(Operations.categories), decoder(Operations.recentCourses), decoder(Operations.recommendedCourses),
      decoder(Operations.rankings), decoder(Operations.courses), decoder(Operations.userCourses),
    ]
  }

  private func run<Answer>(
    _ operation: Operation<Answer>, _ variables: [String: JSONValue]
  ) async throws(GraphQLError) -> Answer {
    try await client.execute(
      GraphQLRequest(query: operation.query, operationName: operation.name, variables: variables), as: Answer.self)
  }

  private func decoder<Answer>(
    _ operation: Operation<Answer>
  ) -> (operation: String, decode: @Sendable (Data) throws(GraphQLError) -> Void) {
    let client = client
    return (
      operation.name,
      { (document: Data) throws(GraphQLError) in _ = try client.decodeResponse(document, as: Answer.self) }
    )
  }
}

/// One operation of the contract: its name, its document (from ``CoursesQueries``) and the shape of its answer's
/// `data`, declared once for the calls and for ``CoursesAPI/decoders``.
private struct Operation<Answer: Decodable & SendableMetatype>: Sendable {
  let name: String
  let query: String
}

/// The operations ``CoursesAPI`` sends, and the shape of the `data` each is answered with.
private enum Operations {
  struct CategoriesAnswer: Decodable { let categories: [CategoryResponse] }
  struct RecentCoursesAnswer: Decodable { let recentCourses: [CourseResponse] }
  struct RecommendedCoursesAnswer: Decodable { let recommendedCourses: [CourseResponse] }
  struct RankingsAnswer: Decodable { let rankings: [RankingResponse] }
  struct CoursesAnswer: Decodable { let courses: [CourseResponse] }
  struct UserCoursesAnswer: Decodable { let userCourses: [UserCourseResponse] }

  static let categories = Operation<CategoriesAnswer>(name: "Categories", query: CoursesQueries.categories)
  static let recentCourses = Operation<RecentCoursesAnswer>(name: "RecentCourses", query: CoursesQueries.recentCourses)
  static let recommendedCourses = Operation<RecommendedCoursesAnswer>(
    name: "RecommendedCourses", query: CoursesQueries.recommendedCourses)
  static let rankings = Operation<RankingsAnswer>(name: "Rankings", query: CoursesQueries.rankings)
  static let courses = Operation<CoursesAnswer>(name: "Courses", query: CoursesQueries.courses)
  static let userCourses = Operation<UserCoursesAnswer>(name: "UserCourses", query: CoursesQueries.userCourses)
}
