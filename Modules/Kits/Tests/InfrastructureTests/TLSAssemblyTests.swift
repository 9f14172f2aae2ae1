import DI
import Foundation
import Infrastructure
import TestScheduling
import TestSupport
import Testing

@Suite("The assembled HTTP client against an https origin signed by a private CA", .untimed)
struct TLSAssemblyTests {
  struct Reply: Decodable, Equatable { let fullName: String }

  func container(_ environment: [String: String]) throws -> Container {
    try Assembler([InfrastructureAssembly(environment: ["APP_HOME": "/tmp/app-tests-home"].merging(environment) { $1 })]
    )
    .assemble()
  }

  /// A REST client over the container's shared HTTP client, sending `token` as a bearer token.
  func client(_ container: Container, origin: URL, token: String) throws -> RESTClient {
    RESTClient(
      http: try container.resolve((any HTTPClient).self), baseURL: origin,
      defaultHeaders: ["Authorization": "Bearer \(token)"], keyDecoding: .convertFromSnakeCase)
  }

  func serveRepository(_ fixture: TLSFixture) {
    fixture.backend.route("GET", "/repos/apple/swift", response: .json(#"{"full_name": "apple/swift"}"#))
  }

  @Test("without SSL_CERT_FILE the certificate is refused with advice naming it")
  func refusedByDefault() async throws {
    try await withTLSOrigin { fixture in
      serveRepository(fixture)
      let client = try client(container([:]), origin: fixture.origin.baseURL, token: "ghp_x1")
      let error = await #expect(throws: RESTError.self) { try await client.get(Reply.self, path: "repos/apple/swift") }
      #expect(error == .http(.certificate(host: "127.0.0.1", problem: .untrusted)))
      #expect(error?.description.contains("SSL_CERT_FILE") == true)
      #expect(fixture.backend.requests.isEmpty)
    }
  }

  @Test("with SSL_CERT_FILE and HTTPS_PROXY it works, and the token reaches the origin but not the proxy")
  func trustedThroughProxy() async throws {
    let proxy = try ConnectProxy.start()
    defer { proxy.stop() }
    try await withTLSOrigin { fixture in
      serveRepository(fixture)
      let token = "ghp_assemblyProxySecret42"
      let client = try client(
        container(["SSL_CERT_FILE": fixture.authority.caFile.path, "HTTPS_PROXY": proxy.url]),
        origin: fixture.origin.baseURL, token: token)

      let reply = try await client.get(Reply.self, path: "repos/apple/swift")

      #expect(reply == Reply(fullName: "apple/swift"))
      #expect(fixture.backend.requests.first?.header("Authorization") == "Bearer \(token)")
      #expect(proxy.requestHeads.first?.hasPrefix("CONNECT 127.0.0.1:\(fixture.origin.port) ") == true)
      #expect(!proxy.bytesFromClients.contains(token))
    }
  }

  @Test("an SSL_CERT_FILE that does not exist fails https requests, naming the variable; plain http still works")
  func missingCAFile() async throws {
    let container = try container(["SSL_CERT_FILE": "/nonexistent/ca.pem"])
    let client = try container.resolve((any HTTPClient).self)
    let server = try await LoopbackServer.start()
    server.route("GET", "/plain", response: .text("plain"))

    let plain = try await client.send(HTTPRequest(url: server.url("/plain")))
    #expect(plain.status == 200)
    let https = try #require(URL(string: "https://127.0.0.1:\(server.port)/plain"))
    let error = await capture(HTTPError.self) { try await client.send(HTTPRequest(url: https)) }
    #expect(
      error?.description
        == "SSL_CERT_FILE is set to \"/nonexistent/ca.pem\", but it must be a readable PEM file of CA certificates. "
        + "Fix or unset SSL_CERT_FILE.")
    #expect(server.requests.count == 1, "the https request was never sent")
    await server.stop()
  }
}
