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
    try await run(Operations.categories, [:])
  }

  /// The user's recently viewed courses, newest first, at most `limit`.
  public func recentCourses(limit: Int) async throws -> [CourseResponse] {
    try await run(Operations.recentCourses, ["limit": .int(limit)])
  }

  /// Courses recommended for the user, best first, at most `limit`.
  public func recommendedCourses(limit: Int) async throws -> [CourseResponse] {
    try await run(Operations.recommendedCourses, ["limit": .int(limit)])
  }

  /// Ranking sections, in display order.
  public func rankings() async throws -> [RankingResponse] {
    try await run(Operations.rankings, [:])
  }

  /// Courses with the given ids, in the order of `ids`; unknown ids are left out.
  public func courses(ids: [String]) async throws -> [CourseResponse] {
    guard !ids.isEmpty else { return [] }
    return try await run(Operations.courses, ["ids": .array(ids.map { .string($0) })])
  }

  /// The user's progress on the given courses; courses never started are left out.
  public func userCourses(courseIds: [String]) async throws -> [UserCourseResponse] {
    guard !courseIds.isEmpty else { return [] }
    return try await run(Operations.userCourses, ["ids": .array(courseIds.map { .string($0) })])
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

  private func run<Value>(
    _ operation: Operation<Value>, _ variables: [String: JSONValue]
  ) async throws(GraphQLError) -> Value {
    let request = GraphQLRequest(query: operation.query, operationName: operation.name, variables: variables)
    return try operation.value(in: try await client.execute(request, as: [String: Value].self, named: operation.answer))
  }

  private func decoder<Value>(
    _ operation: Operation<Value>
  ) -> (operation: String, decode: @Sendable (Data) throws(GraphQLError) -> Void) {
    let client = client
    return (
      operation.name,
      { (document: Data) throws(GraphQLError) in
        _ = try operation.value(
          in: try client.decodeResponse(document, as: [String: Value].self, named: operation.answer))
      }
    )
  }
}

/// One operation of the contract: its name, its document (from ``CoursesQueries``) and the root field its answer's
/// `data` holds, a `Value`; declared once for the calls and for ``CoursesAPI/decoders``. The `data` is read as its
/// root fields by name; a failure to read it names the operation's answer (`CategoriesAnswer`).
private struct Operation<Value: Decodable & Sendable>: Sendable {
  let name: String
  let query: String
  let field: String

  /// What a failure to read the answer calls it.
  var answer: String { name + "Answer" }

  /// The value of the operation's root field in `data`.
  func value(in data: [String: Value]) throws(GraphQLError) -> Value {
    guard let value = data[field] else { throw .decoding(type: answer, detail: "missing key '\(field)' at data") }
    return value
  }
}

/// The operations ``CoursesAPI`` sends, each with the root field it is answered with.
private enum Operations {
  static let categories = Operation<[CategoryResponse]>(
    name: "Categories", query: CoursesQueries.categories, field: "categories")
  static let recentCourses = Operation<[CourseResponse]>(
    name: "RecentCourses", query: CoursesQueries.recentCourses, field: "recentCourses")
  static let recommendedCourses = Operation<[CourseResponse]>(
    name: "RecommendedCourses", query: CoursesQueries.recommendedCourses, field: "recommendedCourses")
  static let rankings = Operation<[RankingResponse]>(
    name: "Rankings", query: CoursesQueries.rankings, field: "rankings")
  static let courses = Operation<[CourseResponse]>(name: "Courses", query: CoursesQueries.courses, field: "courses")
  static let userCourses = Operation<[UserCourseResponse]>(
    name: "UserCourses", query: CoursesQueries.userCourses, field: "userCourses")
}
