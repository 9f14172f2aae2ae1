import Foundation
import Infrastructure
import TestScheduling
import TestSupport
import Testing

/// Wall-clock: run alone (`make test-unit` runs suites named *TimingTests last, one at a time).
@Suite("A TLS handshake that stalls ends at the connect timeout", .timing)
struct TLSHandshakeTimingTests {
  @Test("a server that accepts TCP but never answers the ClientHello: timedOut within the connect timeout")
  func stalledHandshake() async throws {
    let server = try StallingTLSServer.start()
    defer { server.stop() }
    let client = makeClient {
      $0.connectTimeout = .seconds(1)
      $0.timeout = .seconds(20)
    }

    let (milliseconds, error) = await measure {
      await capture(HTTPError.self) { try await client.send(HTTPRequest(url: server.baseURL)) }
    }

    #expect(error == .timedOut(host: "127.0.0.1"))
    #expect(server.acceptedConnections == 1, "the TCP connection must have been made, so the wait was the handshake")
    #expect(milliseconds >= 900, "ended after \(milliseconds) ms, before the connect timeout")
    #expect(milliseconds < 4000, "ended after \(milliseconds) ms, well after the 1 s connect timeout")
  }
}
