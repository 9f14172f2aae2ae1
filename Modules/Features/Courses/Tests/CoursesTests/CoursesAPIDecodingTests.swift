import CoursesRepository
import Foundation
import Infrastructure
import Testing

/// What an answer of the Courses API out of the contract's shape is reported as: the operation's answer, and where
/// in its `data` it went wrong, for each operation the API sends.
struct CoursesAPIDecodingTests {
  /// A transport no decoder uses: they are fed the documents.
  private struct NoTransport: GraphQLTransport {
    func execute(_ request: GraphQLRequest) async throws(GraphQLError) -> Data {
      throw .missingData
    }
  }

  /// The decoders of the operations, by name.
  private static let decoders = Dictionary(
    uniqueKeysWithValues: CoursesAPI(client: GraphQLClient(transport: NoTransport())).decoders.map {
      ($0.operation, $0.decode)
    })

  /// What decoding `document` as `operation`'s answer throws.
  private static func failure(_ operation: String, _ document: String) throws -> GraphQLError? {
    let decode = try #require(decoders[operation])
    do {
      try decode(Data(document.utf8))
      return nil
    } catch {
      return error
    }
  }

  @Test(arguments: [
    ("Categories", "categories"), ("RecentCourses", "recentCourses"), ("RecommendedCourses", "recommendedCourses"),
    ("Rankings", "rankings"), ("Courses", "courses"), ("UserCourses", "userCourses"),
  ])
  func anAnswerWithoutItsRootFieldNamesTheField(operation: String, field: String) throws {
    #expect(
      try Self.failure(operation, #"{"data": {}}"#)
        == .decoding(type: "\(operation)Answer", detail: "missing key '\(field)' at data"))
    #expect(
      try Self.failure(operation, #"{"data": {"\#(field)": null}}"#)
        == .decoding(type: "\(operation)Answer", detail: "missing Array<Any> value at data.\(field)"))
    #expect(try Self.failure(operation, #"{"data": {"\#(field)": []}}"#) == nil)
  }

  @Test func aMemberOfTheWrongTypeIsNamedWithItsPath() throws {
    let failure = try Self.failure("Categories", #"{"data": {"categories": [{"id": "swift", "name": 7}]}}"#)
    #expect(failure == .decoding(type: "CategoriesAnswer", detail: "expected String at data.categories[0].name"))
    #expect(
      failure?.description
        == "The GraphQL answer could not be read as CategoriesAnswer: expected String at data.categories[0].name. "
        + "The schema may have changed.")
  }

  @Test func noDataAndErrorsAreReportedAsBefore() throws {
    #expect(try Self.failure("Rankings", #"{"data": null}"#) == .missingData)
    #expect(try Self.failure("Rankings", #"{"errors": [{"message": "boom"}]}"#)?.description.contains("boom") == true)
  }
}
