import Foundation
import Infrastructure
import TestSupport
import Testing

/// A private CA, a plain loopback server, and `socat` serving it over TLS with one of the CA's certificates.
struct TLSFixture {
  /// The CA and its certificates, in a temporary directory.
  let authority: TestCertificateAuthority
  /// The plain HTTP server behind TLS; add routes and read requests here.
  let backend: LoopbackServer
  /// The https origin in front of ``backend``.
  let origin: TLSOrigin

  /// A client that trusts the test CA through `SSL_CERT_FILE`-style configuration.
  func trustingClient(_ configure: (inout CurlHTTPClient.Configuration) -> Void = { _ in }) -> CurlHTTPClient {
    makeClient {
      $0.trust = TLSTrust(caFile: authority.caFile.path)
      configure(&$0)
    }
  }
}

/// Makes a CA, starts a backend answering `GET /hello` and a TLS origin presenting `identity` in front of it, runs
/// `body`, then stops and removes everything, whether `body` returns or throws.
func withTLSOrigin<T>(
  identity: KeyPath<TestCertificateAuthority, TestCertificateAuthority.Identity> = \.server,
  _ body: (TLSFixture) async throws -> T
) async throws -> T {
  let authority = try await TestCertificateAuthority.make()
  defer { authority.remove() }
  let backend = try await LoopbackServer.start()
  backend.route("GET", "/hello") { _ in .text("hello over TLS") }
  let origin: TLSOrigin
  do {
    origin = try await TLSOrigin.start(identity: authority[keyPath: identity], backendPort: backend.port)
  } catch {
    await backend.stop()
    throw error
  }
  let fixture = TLSFixture(authority: authority, backend: backend, origin: origin)
  do {
    let result = try await body(fixture)
    origin.stop()
    await backend.stop()
    return result
  } catch {
    origin.stop()
    await backend.stop()
    throw error
  }
}

extension Data {
  /// Whether `text`'s UTF-8 bytes occur anywhere in the data.
  func contains(_ text: String) -> Bool {
    range(of: Data(text.utf8)) != nil
  }
}
