import Foundation
import Infrastructure
import TestSupport
import Testing

/// Wall-clock assertions. `make test` runs suites named `…TimingTests` after the others, on their own,
/// so that the rest of the suite's load on this 2-core machine does not decide them.
@Suite struct HTTPTimingTests {
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
    #expect(milliseconds < 2 * 300 + 400, "8 parallel requests took \(milliseconds) ms")
    #expect(server.acceptedConnections == 8)
    await server.stop()
  }
}
