import Foundation
import Infrastructure
import TestScheduling
import TestSupport
import Testing

@Suite("GraphQLClient", .untimed)
struct GraphQLClientTests {
  struct HomeData: Decodable, Equatable {
    struct Course: Decodable, Equatable {
      var id: String
      var title: String
    }
    var recentCourses: [Course]
  }

  static let query = "query Home($limit: Int!) { recentCourses(limit: $limit) { id title } }"

  func makeGraphQL(_ server: LoopbackServer) -> GraphQLClient {
    GraphQLClient(http: makeClient(), endpoint: server.url("/graphql"), headers: ["Authorization": "Bearer t"])
  }

  @Test("posts query, operationName and variables as JSON and decodes data")
  func decodesData() async throws {
    let server = try await LoopbackServer.start()
    server.route(
      "POST", "/graphql",
      response: .json(#"{"data":{"recentCourses":[{"id":"c1","title":"Swift 入門"},{"id":"c2","title":"SQL"}]}}"#))

    let home = try await makeGraphQL(server).query(
      HomeData.self, Self.query, operationName: "Home", variables: ["limit": 2])

    #expect(
      home
        == HomeData(recentCourses: [.init(id: "c1", title: "Swift 入門"), .init(id: "c2", title: "SQL")]))
    let request = try #require(server.requests.first)
    #expect(request.header("content-type") == "application/json")
    #expect(request.header("authorization") == "Bearer t")
    let sent = try JSONDecoder().decode(JSONValue.self, from: request.body)
    #expect(sent == ["query": .string(Self.query), "operationName": "Home", "variables": ["limit": 2]])
    await server.stop()
  }

  @Test("a non-empty errors array is a typed error carrying every message and path")
  func graphQLErrors() async throws {
    let server = try await LoopbackServer.start()
    let body = #"""
      {"data":null,"errors":[
        {"message":"Course not found","path":["recentCourses",1,"teacher"],"locations":[{"line":1,"column":42}]},
        {"message":"Rate limited"}
      ]}
      """#
    server.route("POST", "/graphql", response: .json(body))

    let error = await capture(GraphQLError.self) {
      try await makeGraphQL(server).query(HomeData.self, Self.query, variables: ["limit": 2])
    }

    let expected: [GraphQLServerError] = [
      GraphQLServerError(
        message: "Course not found", path: [.field("recentCourses"), .index(1), .field("teacher")],
        locations: [GraphQLServerError.Location(line: 1, column: 42)]),
      GraphQLServerError(message: "Rate limited"),
    ]
    #expect(error == .server(expected))
    #expect(error?.messages == ["Course not found", "Rate limited"])
    #expect(error?.description.contains("Course not found (at recentCourses.1.teacher)") == true)
    #expect(error?.description.contains("Rate limited") == true)
    await server.stop()
  }

  @Test("an HTTP error status is a typed HTTP error with the server's message")
  func httpError() async throws {
    let server = try await LoopbackServer.start()
    let body = #"{"errors":[{"message":"Must provide query string."}]}"#
    server.route("POST", "/graphql", response: .json(body, status: 400))

    let error = await capture(GraphQLError.self) {
      try await makeGraphQL(server).query(HomeData.self, Self.query)
    }

    #expect(error == .http(.status(code: 400, body: Data(body.utf8), message: "Must provide query string.")))
    await server.stop()
  }

  @Test("a refused connection is a typed HTTP error")
  func transportError() async throws {
    let port = try LoopbackServer.unusedPort()
    let client = GraphQLClient(http: makeClient(), endpoint: try makeURL("http://127.0.0.1:\(port)/graphql"))
    let error = await capture(GraphQLError.self) { try await client.query(HomeData.self, Self.query) }
    #expect(error == .http(.connectionRefused(host: "127.0.0.1", port: Int(port))))
  }

  @Test(
    "malformed, truncated or mismatched answers are typed decoding errors",
    arguments: [
      (#"{"data":{"recentCourses":[{"id":"c1","#, "a GraphQL response"),
      ("not json at all", "a GraphQL response"),
      (#"{"data":{"recentCourses":[{"id":1,"title":"x"}]}}"#, "HomeData"),
      (#"{"data":{"somethingElse":true}}"#, "HomeData"),
    ]
  )
  func decodingErrors(body: String, type: String) async throws {
    let server = try await LoopbackServer.start()
    server.route("POST", "/graphql", response: .json(body))

    let error = await capture(GraphQLError.self) { try await makeGraphQL(server).query(HomeData.self, Self.query) }

    guard case .decoding(let decodedType, let detail) = error else {
      Issue.record("Expected a decoding error, got \(String(describing: error))")
      return
    }
    #expect(decodedType == type)
    #expect(!detail.isEmpty)
    await server.stop()
  }

  @Test("a decoding error names what the caller calls the data, and the document's own failures stay as they are")
  func decodingErrorsNameTheCallersName() throws {
    let client = GraphQLClient(transport: Unused())
    let mistyped = Data(#"{"data":{"recentCourses":[{"id":1,"title":"x"}]}}"#.utf8)
    #expect(
      throws: GraphQLError.decoding(type: "RecentAnswer", detail: "expected String at data.recentCourses[0].id")
    ) { try client.decodeResponse(mistyped, as: HomeData.self, named: "RecentAnswer") }
    #expect(throws: GraphQLError.decoding(type: "HomeData", detail: "expected String at data.recentCourses[0].id")) {
      try client.decodeResponse(mistyped, as: HomeData.self)
    }
    let cut = Data(#"{"data":{"#.utf8)
    #expect {
      try client.decodeResponse(cut, as: HomeData.self, named: "RecentAnswer")
    } throws: { error in
      guard case .decoding(let type, _) = error as? GraphQLError else { return false }
      return type == "a GraphQL response"
    }
  }

  /// A transport no call reaches.
  private struct Unused: GraphQLTransport {
    func execute(_ request: GraphQLRequest) async throws(GraphQLError) -> Data { throw .missingData }
  }

  @Test("an answer with neither data nor errors is missingData")
  func missingData() async throws {
    let server = try await LoopbackServer.start()
    server.route("POST", "/graphql", response: .json(#"{"data":null}"#))
    let error = await capture(GraphQLError.self) { try await makeGraphQL(server).query(HomeData.self, Self.query) }
    #expect(error == .missingData)
    await server.stop()
  }

  @Test("any transport can be plugged in, e.g. an in-process executor")
  func customTransport() async throws {
    struct InProcess: GraphQLTransport {
      func execute(_ request: GraphQLRequest) async throws(GraphQLError) -> Data {
        let limit = if case .int(let limit) = request.variables["limit"] { limit } else { 0 }
        let courses = (0..<limit).map { #"{"id":"c\#($0)","title":"Course \#($0)"}"# }.joined(separator: ",")
        return Data(#"{"data":{"recentCourses":[\#(courses)]}}"#.utf8)
      }
    }
    let client = GraphQLClient(transport: InProcess())
    let home = try await client.query(HomeData.self, Self.query, variables: ["limit": 3])
    #expect(home.recentCourses.map(\.id) == ["c0", "c1", "c2"])
  }
}
