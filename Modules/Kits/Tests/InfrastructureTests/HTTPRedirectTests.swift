import Foundation
import Infrastructure
import TestScheduling
import TestSupport
import Testing

@Suite("Redirects and credentials", .untimed)
struct HTTPRedirectTests {
  @Test("a redirect to another port drops Authorization and Cookie but keeps other headers")
  func crossOriginStripsCredentials() async throws {
    let first = try await LoopbackServer.start()
    let second = try await LoopbackServer.start()
    first.route("GET", "/start", response: .redirect(to: second.url("/landing").absoluteString))
    second.route("GET", "/landing", response: .text("landed"))
    let headers: HTTPHeaders = ["Authorization": "Bearer secret-token", "Cookie": "session=1", "X-Keep": "kept"]

    let response = try await makeClient().send(HTTPRequest(url: first.url("/start"), headers: headers))

    #expect(response.status == 200)
    #expect(response.url == second.url("/landing"))
    #expect(first.requests.first?.header("authorization") == "Bearer secret-token")
    let landed = try #require(second.requests.first)
    #expect(landed.header("authorization") == nil)
    #expect(landed.header("cookie") == nil)
    #expect(landed.header("x-keep") == "kept")
    await first.stop()
    await second.stop()
  }

  @Test("a same-origin redirect (relative Location) keeps Authorization")
  func sameOriginKeepsCredentials() async throws {
    let server = try await LoopbackServer.start()
    server.route("GET", "/hop", response: .redirect(to: "/final", status: 301))
    server.route("GET", "/final", response: .text("done"))

    let response = try await makeClient().send(
      HTTPRequest(url: server.url("/hop"), headers: ["Authorization": "Bearer secret-token"]))

    #expect(response.status == 200)
    #expect(server.requests.map(\.path) == ["/hop", "/final"])
    #expect(server.requests(to: "/final").first?.header("authorization") == "Bearer secret-token")
    await server.stop()
  }

  @Test("303 turns a POST into a GET without body; 307 repeats the POST with its body")
  func methodRewriting() async throws {
    let server = try await LoopbackServer.start()
    server.route("POST", "/see-other", response: .redirect(to: "/result", status: 303))
    server.route("POST", "/temporary", response: .redirect(to: "/result", status: 307))
    server.route(nil, "/result") { request in .text("\(request.method) \(request.bodyText)") }
    let client = makeClient()
    let body = Data("payload".utf8)

    let seeOther = try await client.send(
      HTTPRequest(
        method: .post, url: server.url("/see-other"), headers: ["Content-Type": "text/plain"], body: body))
    let temporary = try await client.send(
      HTTPRequest(
        method: .post, url: server.url("/temporary"), headers: ["Content-Type": "text/plain"], body: body))

    #expect(String(decoding: seeOther.body, as: UTF8.self) == "GET ")
    #expect(String(decoding: temporary.body, as: UTF8.self) == "POST payload")
    let results = server.requests(to: "/result")
    #expect(results.first?.header("content-type") == nil)
    #expect(results.last?.header("content-type") == "text/plain")
    await server.stop()
  }

  @Test("more redirects than the limit fail with tooManyRedirects")
  func tooManyRedirects() async throws {
    let server = try await LoopbackServer.start()
    server.route("GET", "/loop", response: .redirect(to: "/loop"))
    let client = makeClient { $0.maxRedirects = 3 }

    let error = await capture(HTTPError.self) { try await client.send(HTTPRequest(url: server.url("/loop"))) }

    #expect(error == .tooManyRedirects(limit: 3))
    #expect(server.requests.count == 4)
    await server.stop()
  }

  @Test("with maxRedirects 0 the redirect itself is returned")
  func redirectsOff() async throws {
    let server = try await LoopbackServer.start()
    server.route("GET", "/moved", response: .redirect(to: "/elsewhere", status: 308))
    let response = try await makeClient { $0.maxRedirects = 0 }.send(HTTPRequest(url: server.url("/moved")))
    #expect(response.status == 308)
    #expect(response.headers["location"] == "/elsewhere")
    #expect(server.requests.count == 1)
    await server.stop()
  }

  @Test(
    "credentials over plain http to a non-loopback host are refused before sending",
    arguments: [
      ("http://example.com/user", ["Authorization": "Bearer secret-token"]),
      ("http://10.0.0.1:8080/", ["authorization": "token x"]),
      ("http://user:password@example.com/", [:]),
    ] as [(String, [String: String])]
  )
  func insecureCredentials(url: String, headers: [String: String]) async throws {
    let target = try #require(URL(string: url))
    let request = HTTPRequest(url: target, headers: HTTPHeaders(headers.map { ($0.key, $0.value) }))

    let error = await capture(HTTPError.self) { try await makeClient().send(request) }

    #expect(error == .insecureCredentials(host: target.host ?? ""))
    #expect(error?.description.contains("https://") == true)
    #expect(error?.description.contains("secret-token") == false)
  }

  @Test("credentials over plain http to loopback (127.0.0.1 and localhost) are allowed")
  func loopbackCredentialsAllowed() async throws {
    let server = try await LoopbackServer.start()
    server.route("GET", "/me", response: .text("me"))
    let client = makeClient()
    let viaName = try #require(URL(string: "http://localhost:\(server.port)/me"))

    _ = try await client.send(HTTPRequest(url: server.url("/me"), headers: ["Authorization": "Bearer a"]))
    _ = try await client.send(HTTPRequest(url: viaName, headers: ["Authorization": "Bearer b"]))

    #expect(server.requests.compactMap { $0.header("authorization") } == ["Bearer a", "Bearer b"])
    await server.stop()
  }

  @Test("invalid URLs and header injection are refused before sending")
  func invalidRequests() async throws {
    let client = makeClient()
    let ftp = try #require(URL(string: "ftp://example.com/file"))
    let injected = HTTPRequest(
      url: try makeURL("https://example.com/"), headers: ["X-Evil": "a\r\nAuthorization: b"])
    let badName = HTTPRequest(url: try makeURL("https://example.com/"), headers: ["Bad Name": "x"])

    await #expect(throws: HTTPError.invalidURL("ftp://example.com/file")) {
      try await client.send(HTTPRequest(url: ftp))
    }
    let secret = try makeURL("ftp://user:secret-token@example.com/file")
    let error = await capture(HTTPError.self) { try await client.send(HTTPRequest(url: secret)) }
    #expect(error == .invalidURL("ftp://example.com/file"))
    #expect(error?.description.contains("secret-token") == false)
    await #expect(throws: HTTPError.invalidHeader(name: "X-Evil")) { try await client.send(injected) }
    await #expect(throws: HTTPError.invalidHeader(name: "Bad Name")) { try await client.send(badName) }
  }
}
