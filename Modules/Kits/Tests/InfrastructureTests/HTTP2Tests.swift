import Foundation
import Infrastructure
import TestScheduling
import TestSupport
import Testing

@Suite("CurlHTTPClient against an HTTP/2 origin (nghttpd) over TLS", .untimed)
struct HTTP2Tests {
  @Test("HTTP/2 is negotiated through ALPN, and two requests share one connection")
  func negotiatesAndReuses() async throws {
    let authority = try await TestCertificateAuthority.make()
    defer { authority.remove() }
    let origin = try await HTTP2Origin.start(
      identity: authority.server, files: ["a.txt": Data("first file".utf8), "b.txt": Data("second file".utf8)])
    defer { origin.stop() }
    let client = makeClient { $0.trust = TLSTrust(caFile: authority.caFile.path) }

    let first = try await client.send(HTTPRequest(url: origin.url("/a.txt")))
    let second = try await client.send(HTTPRequest(url: origin.url("/b.txt")))

    #expect(first.status == 200)
    #expect(String(decoding: first.body, as: UTF8.self) == "first file")
    #expect(String(decoding: second.body, as: UTF8.self) == "second file")
    #expect(first.httpVersion == .http2)
    #expect(second.httpVersion == .http2)
    let connections = origin.requestConnections
    #expect(connections.count == 1, "requests came on \(connections.count) connections: \(connections)")
    #expect(connections.values.reduce(0, +) == 2)
  }

  @Test("the private CA is untrusted there too without a configured trust")
  func untrustedWithoutTrust() async throws {
    let authority = try await TestCertificateAuthority.make()
    defer { authority.remove() }
    let origin = try await HTTP2Origin.start(identity: authority.server, files: ["a.txt": Data("x".utf8)])
    defer { origin.stop() }
    let error = await capture(HTTPError.self) { try await makeClient().send(HTTPRequest(url: origin.url("/a.txt"))) }
    #expect(error == .certificate(host: "127.0.0.1", problem: .untrusted))
    #expect(origin.requestConnections.isEmpty)
  }
}
