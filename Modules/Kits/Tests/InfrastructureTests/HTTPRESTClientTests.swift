import Foundation
import Infrastructure
import TestScheduling
import TestSupport
import Testing

@Suite("RESTClient against a loopback server", .untimed)
struct HTTPRESTClientTests {
  struct Repository: Decodable, Equatable {
    var fullName: String
    var stargazersCount: Int
    var owner: Owner
  }

  struct Owner: Decodable, Equatable {
    var login: String
  }

  struct SearchPage: Decodable, Equatable {
    var totalCount: Int
    var items: [Repository]
  }

  static let repositoryJSON = #"{"full_name":"apple/swift","stargazers_count":65000,"owner":{"login":"apple"}}"#

  func makeREST(_ server: LoopbackServer, headers: HTTPHeaders = [:]) -> RESTClient {
    RESTClient(
      http: makeClient(), baseURL: server.baseURL, defaultHeaders: headers, keyDecoding: .convertFromSnakeCase)
  }

  @Test("decodes snake_case JSON and sends default plus per-request headers")
  func decodes() async throws {
    let server = try await LoopbackServer.start()
    server.route("GET", "/repos/apple/swift", response: .json(Self.repositoryJSON))
    let rest = makeREST(server, headers: ["Accept": "application/vnd.github+json", "X-GitHub-Api-Version": "1"])

    let repository = try await rest.get(
      Repository.self, path: "/repos/apple/swift", headers: ["X-GitHub-Api-Version": "2022-11-28"])

    #expect(repository == Repository(fullName: "apple/swift", stargazersCount: 65000, owner: Owner(login: "apple")))
    let request = try #require(server.requests.first)
    #expect(request.header("accept") == "application/vnd.github+json")
    #expect(request.header("x-github-api-version") == "2022-11-28")
    await server.stop()
  }

  @Test("non-ASCII, space, plus and reserved characters in the query reach the server intact")
  func queryEncoding() async throws {
    let server = try await LoopbackServer.start()
    server.route("GET", "/search/repositories", response: .json(#"{"total_count":0,"items":[]}"#))
    let rest = makeREST(server)
    let query = [
      URLQueryItem(name: "q", value: "日本語 swift"),
      URLQueryItem(name: "lang", value: "c++"),
      URLQueryItem(name: "odd", value: "a&b=c/d?e#f%g"),
      URLQueryItem(name: "per_page", value: "30"),
    ]

    let page = try await rest.get(SearchPage.self, path: "/search/repositories", query: query)

    #expect(page == SearchPage(totalCount: 0, items: []))
    let request = try #require(server.requests.first)
    #expect(request.path == "/search/repositories")
    #expect(request.rawQuery.contains("q=%E6%97%A5%E6%9C%AC%E8%AA%9E%20swift"))
    #expect(request.rawQuery.contains("lang=c%2B%2B"))
    #expect(!request.rawQuery.contains("+"))
    #expect(request.query("q") == "日本語 swift")
    #expect(request.query("lang") == "c++")
    #expect(request.query("odd") == "a&b=c/d?e#f%g")
    #expect(request.query("per_page") == "30")
    await server.stop()
  }

  @Test("a base URL with a path prefix keeps it")
  func basePath() async throws {
    let server = try await LoopbackServer.start()
    server.route("GET", "/api/v3/user", response: .json(#"{"login":"octocat"}"#))
    let rest = RESTClient(http: makeClient(), baseURL: server.url("/api/v3/"))
    let owner = try await rest.get(Owner.self, path: "user")
    #expect(owner == Owner(login: "octocat"))
    await server.stop()
  }

  @Test(
    "a non-2xx answer is HTTPError.status with status, body and the GitHub message",
    arguments: [
      (404, #"{"message":"Not Found","documentation_url":"https://docs.github.com"}"#, "Not Found"),
      (
        422, #"{"message":"Validation Failed","errors":[{"resource":"Search","field":"q","code":"missing"}]}"#,
        "Validation Failed"
      ),
      (500, "upstream exploded", nil),
    ] as [(Int, String, String?)]
  )
  func statusErrors(status: Int, body: String, message: String?) async throws {
    let server = try await LoopbackServer.start()
    server.route("GET", "/thing", response: LoopbackResponse(status: status, body: Data(body.utf8)))
    let rest = makeREST(server)

    let error = await capture(RESTError.self) { try await rest.get(Owner.self, path: "/thing") }

    #expect(error == .http(.status(code: status, body: Data(body.utf8), message: message)))
    #expect(error?.statusCode == status)
    if let message {
      #expect(error?.description.contains(message) == true)
    }
    await server.stop()
  }

  @Test(
    "malformed, truncated and mismatched JSON give typed decoding errors",
    arguments: [
      (#"{"full_name": "apple/swift", "#, "Repository"),
      (#"<html>Service Unavailable</html>"#, "Repository"),
      (#"{"full_name":"apple/swift","stargazers_count":"many","owner":{"login":"apple"}}"#, "Repository"),
      (#"{"full_name":"apple/swift","stargazers_count":1}"#, "Repository"),
      ("", "Repository"),
    ]
  )
  func decodingErrors(body: String, type: String) async throws {
    let server = try await LoopbackServer.start()
    server.route("GET", "/repo", response: .json(body))
    let rest = makeREST(server)

    let error = await capture(RESTError.self) { try await rest.get(Repository.self, path: "/repo") }

    guard case .decoding(let decodedType, let detail) = error else {
      Issue.record("Expected a decoding error, got \(String(describing: error))")
      return
    }
    #expect(decodedType == type)
    #expect(!detail.isEmpty)
    #expect(error?.description.contains("\n") == false)
    await server.stop()
  }

  @Test("the decoding error names the key and the path that did not match")
  func decodingDetail() async throws {
    let server = try await LoopbackServer.start()
    server.route(
      "GET", "/search",
      response: .json(#"{"total_count":1,"items":[{"full_name":"a/b","stargazers_count":1,"owner":{}}]}"#))
    let error = await capture(RESTError.self) { try await makeREST(server).get(SearchPage.self, path: "/search") }
    #expect(error == .decoding(type: "SearchPage", detail: "missing key 'login' at items[0].owner"))
    await server.stop()
  }

  @Test("a JSON body is encoded and sent with Content-Type application/json")
  func jsonBody() async throws {
    struct NewIssue: Encodable {
      var title: String
    }
    let server = try await LoopbackServer.start()
    server.route("POST", "/issues") { request in .json(#"{"login":"\#(request.header("content-type") ?? "")"}"#) }
    let rest = makeREST(server)

    let echoed = try await rest.send(.post, path: "/issues", json: NewIssue(title: "日本語"), as: Owner.self)

    #expect(echoed.login == "application/json")
    #expect(server.requests.first?.bodyText == #"{"title":"日本語"}"#)
    await server.stop()
  }
}
