import Foundation
import Infrastructure
import TestScheduling
import TestSupport
import Testing

@Suite("CurlHTTPClient against an https origin whose certificate a private CA signed", .untimed)
struct HTTPTLSTrustTests {
  @Test("by default the private CA is untrusted: a typed error whose advice names SSL_CERT_FILE and SSL_CERT_DIR")
  func untrustedByDefault() async throws {
    try await withTLSOrigin { fixture in
      let error = await capture(HTTPError.self) {
        try await makeClient().send(HTTPRequest(url: fixture.origin.url("/hello")))
      }
      #expect(error == .certificate(host: "127.0.0.1", problem: .untrusted))
      let description = error?.description ?? ""
      #expect(description.contains("SSL_CERT_FILE"))
      #expect(description.contains("SSL_CERT_DIR"))
      #expect(description.contains("127.0.0.1"))
      #expect(!description.contains("\n"))
      #expect(fixture.backend.requests.isEmpty, "nothing may be sent over a connection that was not verified")
    }
  }

  @Test("with the CA file trusted the request works, over HTTP/1.1 since socat offers no ALPN")
  func trustedWithCAFile() async throws {
    try await withTLSOrigin { fixture in
      let response = try await fixture.trustingClient().send(
        HTTPRequest(url: fixture.origin.url("/hello"), headers: ["X-Trace": "tls-1"]))
      #expect(response.status == 200)
      #expect(String(decoding: response.body, as: UTF8.self) == "hello over TLS")
      #expect(response.httpVersion == .http11)
      #expect(fixture.backend.requests.map(\.path) == ["/hello"])
      #expect(fixture.backend.requests.first?.header("x-trace") == "tls-1")
    }
  }

  @Test("with a hashed CA directory (openssl rehash) trusted the request works")
  func trustedWithCADirectory() async throws {
    try await withTLSOrigin { fixture in
      let names = try FileManager.default.contentsOfDirectory(atPath: fixture.authority.caDirectory.path)
      #expect(names.contains { $0.hasSuffix(".0") }, "openssl rehash made no hash link: \(names)")
      let client = makeClient { $0.trust = TLSTrust(caDirectory: fixture.authority.caDirectory.path) }
      let response = try await client.send(HTTPRequest(url: fixture.origin.url("/hello")))
      #expect(response.status == 200)
      #expect(String(decoding: response.body, as: UTF8.self) == "hello over TLS")
    }
  }

  @Test("trust read from SSL_CERT_FILE in the environment is what the client uses")
  func trustFromEnvironment() async throws {
    try await withTLSOrigin { fixture in
      let trust = try TLSTrust(environment: ["SSL_CERT_FILE": fixture.authority.caFile.path, "SSL_CERT_DIR": ""])
      let response = try await makeClient { $0.trust = trust }.send(HTTPRequest(url: fixture.origin.url("/hello")))
      #expect(response.status == 200)
    }
  }

  @Test("a certificate for another host name is refused as a host mismatch, even from a trusted CA")
  func wrongHost() async throws {
    try await withTLSOrigin(identity: \.wrongHost) { fixture in
      let error = await capture(HTTPError.self) {
        try await fixture.trustingClient().send(HTTPRequest(url: fixture.origin.url("/hello")))
      }
      #expect(error == .certificate(host: "127.0.0.1", problem: .hostMismatch))
      #expect(error?.description.contains("another host name") == true)
      #expect(fixture.backend.requests.isEmpty)
    }
  }

  @Test("an expired certificate is refused as expired, even from a trusted CA")
  func expired() async throws {
    try await withTLSOrigin(identity: \.expired) { fixture in
      let error = await capture(HTTPError.self) {
        try await fixture.trustingClient().send(HTTPRequest(url: fixture.origin.url("/hello")))
      }
      #expect(error == .certificate(host: "127.0.0.1", problem: .expired))
      #expect(error?.description.contains("expired") == true)
      #expect(fixture.backend.requests.isEmpty)
    }
  }

  @Test("a CA file that holds no certificate is a trust store error naming the variables")
  func unusableCAFile() async throws {
    try await withTLSOrigin { fixture in
      let garbage = fixture.authority.directory.appendingPathComponent("not-a-bundle.pem")
      try Data("this is not a certificate\n".utf8).write(to: garbage)
      let client = makeClient { $0.trust = TLSTrust(caFile: garbage.path) }
      let error = await capture(HTTPError.self) {
        try await client.send(HTTPRequest(url: fixture.origin.url("/hello")))
      }
      guard case .trustStoreUnusable = error else {
        Issue.record("expected trustStoreUnusable, got \(String(describing: error))")
        return
      }
      #expect(error?.description.contains("SSL_CERT_FILE") == true)
      #expect(fixture.backend.requests.isEmpty)
    }
  }
}
