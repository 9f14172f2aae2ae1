import Foundation
import Infrastructure
import TestScheduling
import TestSupport
import Testing

/// Wall-clock assertions; `.timing` runs each with no other test beside it. What can be proven by cause is proven
/// in the untimed suites (8 requests in flight together, a cancelled transfer ends as cancelled); the bounds here
/// only catch what is grossly slow, with room for a machine busy with other work.
@Suite(.timing) struct HTTPTimingTests {
  @Test("8 requests to a server answering after 300 ms overlap: far less than 8 × 300 ms")
  func parallelOverlap() async throws {
    let server = try await LoopbackServer.start()
    server.route("GET", "/slow", delay: .milliseconds(300), response: .text("ok"))
    let client = makeClient()
    let url = server.url("/slow")

    let (milliseconds, statuses) = try await measure {
      try await withThrowingTaskGroup(of: Int.self) { group in
        for _ in 0..<8 {
          group.addTask { try await client.send(HTTPRequest(url: url)).status }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
    }

    print("parallel overlap: 8 requests x 300 ms took \(Int(milliseconds)) ms")
    #expect(statuses == Array(repeating: 200, count: 8))
    #expect(milliseconds >= 300)
    // One after another they would take 8 × 300 = 2,400 ms; overlapping, 300 ms plus the transfers.
    #expect(milliseconds < 1_800, "8 parallel requests took \(milliseconds) ms")
    #expect(server.acceptedConnections == 8)
    await server.stop()
  }

  @Test("a total timeout of 300 ms ends the request after 300 ms, not at the server's 30 s")
  func totalTimeoutIsPrompt() async throws {
    let server = try await LoopbackServer.start()
    server.route("GET", "/slow", delay: .seconds(30), response: .text("late"))
    let client = makeClient()

    let (milliseconds, error) = await measure {
      await capture(HTTPError.self) {
        try await client.send(HTTPRequest(url: server.url("/slow"), timeout: .milliseconds(300)))
      }
    }

    #expect(error == .timedOut(host: "127.0.0.1"))
    #expect(milliseconds >= 250)
    #expect(milliseconds < 3_000)
    await server.stop()
  }

  @Test("cancelling a hanging transfer ends it within a second")
  func cancellationIsPrompt() async throws {
    let server = try await LoopbackServer.start()
    server.route("GET", "/hang", delay: .seconds(3600), response: .text("never"))
    let client = makeClient { $0.timeout = .seconds(60) }
    let url = server.url("/hang")
    let task = Task { () async throws(HTTPError) -> HTTPResponse in
      try await client.send(HTTPRequest(url: url))
    }
    _ = try await server.waitForRequests(count: 1)

    let (milliseconds, result) = await measure {
      task.cancel()
      return await task.result
    }

    #expect(throws: HTTPError.cancelled) { try result.get() }
    #expect(milliseconds < 1_000, "cancellation took \(milliseconds) ms")
    await server.stop()
  }

  @Test("credentials over plain http to another host are refused before any connection is tried")
  func insecureCredentialsAreRefusedAtOnce() async throws {
    let target = try makeURL("http://10.0.0.1:8080/")
    let request = HTTPRequest(url: target, headers: HTTPHeaders([("authorization", "token x")]))

    let (milliseconds, error) = await measure {
      await capture(HTTPError.self) { try await makeClient().send(request) }
    }

    // A connection to 10.0.0.1 would take until the connect timeout to fail; refusing takes no network at all.
    #expect(error == .insecureCredentials(host: "10.0.0.1"))
    #expect(milliseconds < 500)
  }
}
