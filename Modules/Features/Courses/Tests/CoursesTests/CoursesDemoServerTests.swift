import CoursesDemo
import Foundation
import GraphQL
import TestScheduling
import Testing

@Suite(.untimed) struct CoursesDemoServerTests {
  let server: CoursesGraphQLServer

  init() throws {
    server = try CoursesGraphQLServer(catalog: try DemoCatalog.bundled())
  }

  /// Decodes a response body into plain JSON values.
  func json(_ body: Data) throws -> [String: Any] {
    try #require(JSONSerialization.jsonObject(with: body) as? [String: Any])
  }

  @Test func servedSchemaIsTheContractFile() throws {
    // The package's folder: this file is in Tests/CoursesTests.
    let contract = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Demo/courses.graphql")
    #expect(try String(contentsOf: contract, encoding: .utf8) == CoursesContract.schema)
  }

  @Test func bundledCatalogIsRealistic() throws {
    let catalog = try DemoCatalog.bundled()
    #expect(catalog.categories.count >= 6)
    #expect(catalog.courses.count >= 40)
    #expect(catalog.rankings.count >= 3)
    #expect(catalog.courses.contains { $0.title.unicodeScalars.contains { (0x3040...0x30FF).contains($0.value) } })
    let ids = Set(catalog.courses.map(\.id))
    #expect(ids.count == catalog.courses.count, "course ids are unique")
    #expect(catalog.courses.allSatisfy { course in catalog.categories.contains { $0.id == course.categoryId } })
  }

  @Test func answersEveryRootFieldInOneRequest() async throws {
    let body = Data(
      #"""
      {"query":"query Home($r: Int!, $s: Int!) { categories { id name } recentCourses(limit: $r) { id title level } recommendedCourses(limit: $s) { id } rankings { label labelId courseIds } }","operationName":"Home","variables":{"r":3,"s":2}}
      """#.utf8)
    let response = try json(await server.respond(to: body))
    #expect(response["errors"] == nil)
    let data = try #require(response["data"] as? [String: Any])
    let recent = try #require(data["recentCourses"] as? [[String: Any]])
    #expect(recent.map { $0["id"] as? String } == ["c42", "c04", "c12"])
    #expect(recent.first?["level"] as? String == "INTERMEDIATE")
    #expect((data["recommendedCourses"] as? [Any])?.count == 2)
    #expect((data["categories"] as? [Any])?.count == 8)
    let rankings = try #require(data["rankings"] as? [[String: Any]])
    #expect(rankings.map { $0["labelId"] as? String } == ["popular", "japanese", "swift-top", "server-new"])
  }

  @Test func coursesByIDKeepOrderAndDropUnknownIDs() async throws {
    let result = await server.execute(
      GraphQLRequest(query: #"{ courses(ids: ["c03", "nope", "c01"]) { id title } }"#))
    #expect(result.errors.isEmpty)
    #expect(result.data?["courses"].array?.map { $0["id"].string } == ["c03", "c01"])
  }

  @Test func userCoursesLeaveOutCoursesNeverStarted() async throws {
    let result = await server.execute(
      GraphQLRequest(query: #"{ userCourses(courseIds: ["c42", "c03", "c13"]) { courseId progress lastViewedAt } }"#))
    #expect(result.errors.isEmpty)
    let rows = result.data?["userCourses"].array ?? []
    #expect(rows.map { $0["courseId"].string } == ["c42", "c13"])
    #expect(rows.first?["progress"].double == 0.35)
    #expect(rows.last?["lastViewedAt"].isNull == true)
  }

  @Test func queryThatBreaksTheContractIsAnsweredWithErrors() async throws {
    let unknownField = await server.execute(GraphQLRequest(query: "{ courses(ids: []) { id price } }"))
    #expect(unknownField.data == nil)
    #expect(unknownField.errors.map(\.message) == [#"Cannot query field "price" on type "Course"."#])

    let missingArgument = await server.execute(GraphQLRequest(query: "{ recentCourses { id } }"))
    #expect(missingArgument.errors.first?.message.contains(#"argument "limit" of type "Int!" is required"#) == true)
  }

  @Test func negativeLimitIsAFieldError() async throws {
    let result = await server.execute(GraphQLRequest(query: "{ recentCourses(limit: -1) { id } }"))
    #expect(result.errors.map(\.message) == ["limit must be 0 or more, got -1"])
  }

  @Test func malformedBodyIsAnsweredWithAnError() async throws {
    let response = try json(await server.respond(to: Data("not json".utf8)))
    let errors = try #require(response["errors"] as? [[String: Any]])
    #expect((errors.first?["message"] as? String)?.hasPrefix("The request body is not a GraphQL request") == true)
  }
}
