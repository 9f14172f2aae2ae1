import Foundation
import Infrastructure
import TestScheduling
import TestSupport
import Testing

@Suite("CurlHTTPClient against a loopback server", .untimed)
struct HTTPClientTests {
  @Test("a GET returns status, headers (case-insensitive) and body, and the server sees the request")
  func success() async throws {
    let server = try await LoopbackServer.start()
    server.route("GET", "/hello") { _ in
      .json(#"{"greeting":"hi"}"#, headers: ["X-Custom-Header": "yes"])
    }
    let client = makeClient()

    let response = try await client.send(
      HTTPRequest(url: server.url("/hello?x=1"), headers: ["Accept": "application/json", "X-Trace": "abc"]))

    #expect(response.status == 200)
    #expect(response.isSuccess)
    #expect(String(decoding: response.body, as: UTF8.self) == #"{"greeting":"hi"}"#)
    #expect(response.headers["x-custom-header"] == "yes")
    #expect(response.headers["X-CUSTOM-HEADER"] == "yes")
    #expect(response.headers["content-type"]?.hasPrefix("application/json") == true)
    #expect(response.url == server.url("/hello?x=1"))
    let received = try #require(server.requests.first)
    #expect(received.method == "GET")
    #expect(received.path == "/hello")
    #expect(received.rawQuery == "x=1")
    #expect(received.header("x-trace") == "abc")
    #expect(received.header("user-agent") == "ModularApp")
    #expect(received.header("accept-encoding")?.contains("gzip") == true)
    await server.stop()
  }

  @Test("a POST sends its body; a PUT without a body sends Content-Length: 0")
  func bodies() async throws {
    let server = try await LoopbackServer.start()
    server.route(nil, "/items") { request in .text("\(request.method) \(request.body.count)", status: 201) }
    let client = makeClient()

    let post = try await client.send(
      HTTPRequest(
        method: .post, url: server.url("/items"), headers: ["Content-Type": "application/json"],
        body: Data(#"{"name":"a"}"#.utf8)))
    let put = try await client.send(HTTPRequest(method: .put, url: server.url("/items")))
    let delete = try await client.send(HTTPRequest(method: .delete, url: server.url("/items")))

    #expect(post.status == 201)
    #expect(String(decoding: post.body, as: UTF8.self) == "POST 12")
    #expect(String(decoding: put.body, as: UTF8.self) == "PUT 0")
    #expect(String(decoding: delete.body, as: UTF8.self) == "DELETE 0")
    let requests = server.requests
    #expect(requests.map(\.method) == ["POST", "PUT", "DELETE"])
    #expect(requests[0].bodyText == #"{"name":"a"}"#)
    #expect(requests[0].header("content-type") == "application/json")
    #expect(requests[1].header("content-length") == "0")
    await server.stop()
  }

  @Test("a gzip-encoded body is decompressed")
  func gzip() async throws {
    let server = try await LoopbackServer.start()
    let compressed = try #require(Data(base64Encoded: "H4sIAAAAAAACA8tIzcnJ11FIzs8tKEotLk5NUSjPL8pJAQAInjQ1FwAAAA=="))
    server.route("GET", "/gz", response: LoopbackResponse(headers: ["Content-Encoding": "gzip"], body: compressed))
    let response = try await makeClient().send(HTTPRequest(url: server.url("/gz")))
    #expect(String(decoding: response.body, as: UTF8.self) == "hello, compressed world")
    await server.stop()
  }

  @Test("a non-2xx status is a response; requireSuccess turns it into HTTPError.status with the server's message")
  func statusErrors() async throws {
    let server = try await LoopbackServer.start()
    let notFound = #"{"message":"Not Found","documentation_url":"https://docs.github.com/rest"}"#
    server.route("GET", "/missing", response: .json(notFound, status: 404))
    server.route("GET", "/broken", response: .text("database on fire", status: 500))
    let client = makeClient()

    let missing = try await client.send(HTTPRequest(url: server.url("/missing")))
    #expect(missing.status == 404)
    let error = await capture(HTTPError.self) { try missing.requireSuccess() }
    #expect(error == .status(code: 404, body: Data(notFound.utf8), message: "Not Found"))
    #expect(error?.description.contains("404: Not Found") == true)

    let broken = try await client.send(HTTPRequest(url: server.url("/broken")))
    let brokenError = await capture(HTTPError.self) { try broken.requireSuccess() }
    #expect(brokenError == .status(code: 500, body: Data("database on fire".utf8), message: nil))
    await server.stop()
  }

  @Test("a server slower than the total timeout fails with timedOut (how promptly: HTTPTimingTests)")
  func totalTimeout() async throws {
    let server = try await LoopbackServer.start()
    let hold = RequestHold()
    server.route("GET", "/slow") { _ in
      await hold.wait()
      return .text("late")
    }
    let client = makeClient()

    let error = await capture(HTTPError.self) {
      try await client.send(HTTPRequest(url: server.url("/slow"), timeout: .milliseconds(300)))
    }

    // The answer is held until the client has given up: only its timeout can have ended the transfer.
    await hold.release()
    #expect(error == .timedOut(host: "127.0.0.1"))
    await server.stop()
  }

  @Test("8 requests sent at once are in flight together: the server holds every answer until the 8th arrives")
  func parallelRequestsAreInFlightTogether() async throws {
    let server = try await LoopbackServer.start()
    let gate = ArrivalGate(expected: 8)
    server.route("GET", "/gated") { _ in .text(await gate.arriveAndWait() ? "together" : "alone") }
    let client = makeClient()
    let url = server.url("/gated")

    let bodies = try await withThrowingTaskGroup(of: String.self) { group in
      for _ in 0..<8 {
        group.addTask { String(decoding: try await client.send(HTTPRequest(url: url)).body, as: UTF8.self) }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }

    #expect(bodies == Array(repeating: "together", count: 8))
    #expect(server.acceptedConnections == 8)
    await server.stop()
  }

  @Test("the client's default timeout applies when the request sets none")
  func defaultTimeout() async throws {
    let server = try await LoopbackServer.start()
    let hold = RequestHold()
    server.route("GET", "/slow") { _ in
      await hold.wait()
      return .text("late")
    }
    let client = makeClient { $0.timeout = .milliseconds(200) }
    let error = await capture(HTTPError.self) { try await client.send(HTTPRequest(url: server.url("/slow"))) }
    await hold.release()
    #expect(error == .timedOut(host: "127.0.0.1"))
    await server.stop()
  }

  @Test("a port nothing listens on gives connectionRefused naming host and port")
  func refused() async throws {
    let port = try LoopbackServer.unusedPort()
    let url = try makeURL("http://127.0.0.1:\(port)/")
    let error = await capture(HTTPError.self) { try await makeClient().send(HTTPRequest(url: url)) }
    #expect(error == .connectionRefused(host: "127.0.0.1", port: Int(port)))
    #expect(error?.description.contains("127.0.0.1:\(port)") == true)
  }

  @Test("TLS to a server that does not speak it fails with a tls error")
  func tlsFailure() async throws {
    let server = try await LoopbackServer.start()
    server.route("GET", "/", response: .text("plain"))
    let url = try makeURL("https://127.0.0.1:\(server.port)/")
    let error = await capture(HTTPError.self) { try await makeClient().send(HTTPRequest(url: url)) }
    guard case .tls = error else {
      Issue.record("Expected a TLS error, got \(String(describing: error))")
      return
    }
    await server.stop()
  }

  @Test("cancelling the task aborts a hanging transfer with cancelled, long before any timeout")
  func cancellation() async throws {
    let server = try await LoopbackServer.start()
    let hold = RequestHold()
    server.route("GET", "/hang") { _ in
      await hold.wait()
      return .text("never")
    }
    let client = makeClient { $0.timeout = .seconds(60) }
    let url = server.url("/hang")

    let task = Task { () async throws(HTTPError) -> HTTPResponse in
      try await client.send(HTTPRequest(url: url))
    }
    _ = try await server.waitForRequests(count: 1)
    task.cancel()

    // The client's timeout is 60 s and the server never answers: only the cancellation can end the transfer,
    // and it ends it as `cancelled` (how promptly: HTTPTimingTests).
    await #expect(throws: HTTPError.cancelled) { try await task.result.get() }
    await hold.release()
    await server.stop()
  }

  @Test("many concurrent requests cancelled at arbitrary moments each end exactly once, as 200 or cancelled")
  func cancellationStorm() async throws {
    let server = try await LoopbackServer.start()
    server.route("GET", "/work", delay: .milliseconds(20), response: .text("done"))
    let client = makeClient()
    let url = server.url("/work")

    let outcomes = await withTaskGroup(of: String.self) { group in
      for index in 0..<60 {
        let task = Task { () async throws(HTTPError) -> HTTPResponse in
          try await client.send(HTTPRequest(url: url))
        }
        group.addTask {
          if index.isMultiple(of: 2) {
            // Cancel at a different point for each request: before, during or after the transfer.
            for _ in 0..<(index % 7) { await Task.yield() }
            task.cancel()
          }
          switch await task.result {
          case .success(let response): return "status \(response.status)"
          case .failure(let error): return "\(error)"
          }
        }
      }
      return await group.reduce(into: [String]()) { $0.append($1) }
    }

    #expect(outcomes.count == 60)
    let unexpected = outcomes.filter { $0 != "status 200" && $0 != HTTPError.cancelled.description }
    #expect(unexpected.isEmpty, "\(unexpected)")
    #expect(outcomes.filter { $0 == "status 200" }.count >= 30)
    // The client still works afterwards.
    #expect(try await client.send(HTTPRequest(url: url)).status == 200)
    await server.stop()
  }

  @Test("a task cancelled before sending fails with cancelled and sends nothing")
  func cancelledBeforeSending() async throws {
    let server = try await LoopbackServer.start()
    server.route("GET", "/x", response: .text("x"))
    let client = makeClient()
    let url = server.url("/x")
    let task = Task { () async throws(HTTPError) -> HTTPResponse in
      withUnsafeCurrentTask { $0?.cancel() }
      return try await client.send(HTTPRequest(url: url))
    }
    await #expect(throws: HTTPError.cancelled) { try await task.value }
    #expect(server.requests.isEmpty)
    await server.stop()
  }

  @Test("100 sequential requests reuse one kept-alive connection")
  func keepAlive() async throws {
    let server = try await LoopbackServer.start()
    server.route("GET", "/ping", response: .text("pong"))
    let client = makeClient()

    for index in 0..<100 {
      let response = try await client.send(HTTPRequest(url: server.url("/ping?n=\(index)")))
      #expect(response.status == 200)
    }

    print("keep-alive: 100 sequential requests opened \(server.acceptedConnections) connection(s)")
    #expect(server.requests.count == 100)
    #expect(server.acceptedConnections == 1)
    await server.stop()
  }

  @Test("400 requests, 16 at a time, open at most 16 connections")
  func parallelRequestsReuseTheirConnections() async throws {
    let server = try await LoopbackServer.start()
    server.route("GET", "/ping", response: .text("pong"))
    let client = makeClient()
    let url = server.url("/ping")

    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<16 {
        group.addTask {
          for _ in 0..<25 {
            let status = try await client.send(HTTPRequest(url: url)).status
            #expect(status == 200)
          }
        }
      }
      try await group.waitForAll()
    }

    #expect(server.requests.count == 400)
    #expect(server.acceptedConnections <= 16, "opened \(server.acceptedConnections) connections")
    await server.stop()
  }

  @Test("separate clients open separate connections (the connection counter counts)")
  func connectionsAreCounted() async throws {
    let server = try await LoopbackServer.start()
    server.route("GET", "/ping", response: .text("pong"))
    for _ in 0..<3 {
      _ = try await makeClient().send(HTTPRequest(url: server.url("/ping")))
    }
    #expect(server.acceptedConnections == 3)
    await server.stop()
  }

  @Test(
    "a body over the size limit fails with tooLarge",
    arguments: [false, true]
  )
  func oversized(chunked: Bool) async throws {
    let server = try await LoopbackServer.start()
    let big = Data(repeating: 0x61, count: 5 * 1024 * 1024)
    server.route("GET", "/big", response: LoopbackResponse(body: big, isChunked: chunked))
    let client = makeClient { $0.maxResponseSize = 1024 * 1024 }

    let error = await capture(HTTPError.self) { try await client.send(HTTPRequest(url: server.url("/big"))) }

    #expect(error == .tooLarge(limit: 1024 * 1024))
    await server.stop()
  }

  @Test("a body exactly at the size limit is accepted")
  func atLimit() async throws {
    let server = try await LoopbackServer.start()
    let body = Data(repeating: 0x62, count: 256 * 1024)
    server.route("GET", "/fits", response: LoopbackResponse(body: body, isChunked: true))
    let client = makeClient { $0.maxResponseSize = 256 * 1024 }
    let response = try await client.send(HTTPRequest(url: server.url("/fits")))
    #expect(response.body == body)
    await server.stop()
  }
}
