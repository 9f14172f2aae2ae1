import Foundation
import Reliability
import SearchTesting
import TestScheduling
import TestSupport
import Testing

/// `app search` (the built binary) against a loopback https origin whose certificate a private CA signed: the
/// fake GitHub behind `socat`, with the CA made at test time.
@Suite("app search over TLS with a private CA", .untimed)
struct SearchTLSAppTests {
  /// A fake GitHub behind TLS, its CA, and a fresh APP_HOME; everything is stopped and removed afterwards.
  struct Fixture {
    let authority: TestCertificateAuthority
    let github: GitHubFakeServer
    let origin: TLSOrigin
    let home: AppHome

    /// The environment of a run: the https origin, the home, and `extra`.
    func environment(_ extra: [String: String] = [:]) -> [String: String] {
      ["GITHUB_API_URL": origin.baseURL.absoluteString, "APP_HOME": home.url.path].merging(extra) { $1 }
    }
  }

  static let token = "ghp_TLSAppTestSecret_0123456789"

  func withFixture(_ body: (Fixture) async throws -> Void) async throws {
    let authority = try await TestCertificateAuthority.make()
    defer { authority.remove() }
    let github = try await GitHubFakeServer.start(token: Self.token)
    let origin: TLSOrigin
    do {
      origin = try await TLSOrigin.start(identity: authority.server, backendPort: github.loopback.port)
    } catch {
      await github.stop()
      throw error
    }
    let home = AppHome(label: "search-tls")
    let fixture = Fixture(authority: authority, github: github, origin: origin, home: home)
    defer {
      origin.stop()
      home.remove()
    }
    do {
      try await body(fixture)
      await github.stop()
    } catch {
      await github.stop()
      throw error
    }
  }

  @Test("by default the private CA's certificate is refused: exit 1, advice naming SSL_CERT_FILE, cache untouched")
  func untrustedByDefault() async throws {
    try await withFixture { fixture in
      let trusted = fixture.environment(["SSL_CERT_FILE": fixture.authority.caFile.path])
      #expect(try await AppRunner.run(["search", "swift"], environment: trusted).status == 0)
      let before = try fixture.home.inspect()

      let cold = try await AppRunner.run(["search", "rust"], environment: fixture.environment())
      #expect(cold.status == 1, "\(cold.stderr)")
      #expect(!cold.killedBySignal && !cold.timedOut)
      #expect(cold.stdout.isEmpty)
      #expect(cold.stderr.hasPrefix("error: "))
      #expect(cold.stderr.contains("SSL_CERT_FILE"), "\(cold.stderr)")
      #expect(fixture.github.searchRequests.count == 1, "nothing reached the origin over the refused connection")

      let warm = try await AppRunner.run(["search", "swift", "--refresh"], environment: fixture.environment())
      #expect(warm.status == 0, "cached results are shown, stale")
      #expect(warm.stderr.hasPrefix("warning: "), "\(warm.stderr)")
      #expect(warm.stderr.contains("SSL_CERT_FILE"))
      #expect(try fixture.home.inspect() == before, "the cache is untouched")
    }
  }

  @Test("with SSL_CERT_FILE the search works over TLS")
  func trustedWithTheCAFile() async throws {
    try await withFixture { fixture in
      let result = try await AppRunner.run(
        ["search", "swift", "--json"],
        environment: fixture.environment(["SSL_CERT_FILE": fixture.authority.caFile.path]))
      #expect(result.status == 0, "\(result.stderr)")
      let object = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
      #expect(object["source"] as? String == "network")
      #expect((object["items"] as? [Any])?.isEmpty == false)
    }
  }

  @Test("through HTTPS_PROXY it works, and the token is never in clear at the proxy")
  func throughAProxy() async throws {
    let proxy = try ConnectProxy.start()
    defer { proxy.stop() }
    try await withFixture { fixture in
      let result = try await AppRunner.run(
        ["search", "swift"],
        environment: fixture.environment([
          "SSL_CERT_FILE": fixture.authority.caFile.path, "HTTPS_PROXY": proxy.url, "GH_TOKEN": Self.token,
        ]))
      #expect(result.status == 0, "\(result.stderr)")
      #expect(fixture.github.searchRequests.first?.header("Authorization") == "Bearer \(Self.token)")
      #expect(proxy.requestHeads.first?.hasPrefix("CONNECT 127.0.0.1:\(fixture.origin.port) ") == true)
      #expect(proxy.bytesFromClients.range(of: Data(Self.token.utf8)) == nil)
      #expect(!proxy.bytesFromClients.isEmpty, "the request went through the proxy")
    }
  }

  @Test("NO_PROXY covering 127.0.0.1 bypasses the proxy")
  func noProxyBypassesIt() async throws {
    let proxy = try ConnectProxy.start()
    defer { proxy.stop() }
    try await withFixture { fixture in
      let result = try await AppRunner.run(
        ["search", "swift"],
        environment: fixture.environment([
          "SSL_CERT_FILE": fixture.authority.caFile.path, "HTTPS_PROXY": proxy.url, "NO_PROXY": "127.0.0.1",
        ]))
      #expect(result.status == 0, "\(result.stderr)")
      #expect(proxy.acceptedConnections == 0)
    }
  }
}
