import Foundation
import Infrastructure
import TestScheduling
import TestSupport
import Testing

@Suite("CurlHTTPClient through a CONNECT proxy named by the environment", .untimed)
struct HTTPProxyTests {
  @Test("HTTPS_PROXY: the request goes through a CONNECT tunnel and the token never appears at the proxy")
  func tunnelHidesTheToken() async throws {
    let proxy = try ConnectProxy.start()
    defer { proxy.stop() }
    try await withTLSOrigin { fixture in
      let token = "ghp_proxyTestSecret0123456789"
      let client = fixture.trustingClient { $0.proxy = HTTPProxySettings(environment: ["HTTPS_PROXY": proxy.url]) }

      let response = try await client.send(
        HTTPRequest(url: fixture.origin.url("/hello"), headers: ["Authorization": "Bearer \(token)"]))

      #expect(response.status == 200)
      #expect(String(decoding: response.body, as: UTF8.self) == "hello over TLS")
      #expect(fixture.backend.requests.first?.header("Authorization") == "Bearer \(token)")
      #expect(proxy.acceptedConnections == 1)
      let heads = proxy.requestHeads
      #expect(heads.count == 1)
      #expect(heads.first?.hasPrefix("CONNECT 127.0.0.1:\(fixture.origin.port) HTTP/1.1\r\n") == true, "\(heads)")
      let seen = proxy.bytesFromClients
      #expect(seen.count > (heads.first?.utf8.count ?? 0) + 100, "the TLS bytes must have gone through the proxy")
      #expect(!seen.contains(token))
      #expect(!seen.contains("Authorization"))
      #expect(!seen.contains("/hello"))
      #expect(!proxy.bytesToClients.contains("hello over TLS"))
    }
  }

  @Test("an https:// proxy is verified with the same trust, and the tunnel inside it still hides the token")
  func httpsProxy() async throws {
    let proxy = try ConnectProxy.start()
    defer { proxy.stop() }
    try await withTLSOrigin { fixture in
      // TLS to the proxy itself: socat with the test CA's certificate in front of the CONNECT proxy.
      let proxyTLS = try await TLSOrigin.start(identity: fixture.authority.server, backendPort: proxy.port)
      defer { proxyTLS.stop() }
      let settings = HTTPProxySettings(environment: ["HTTPS_PROXY": proxyTLS.baseURL.absoluteString])
      let token = "ghp_httpsProxySecret987"
      let request = HTTPRequest(url: fixture.origin.url("/hello"), headers: ["Authorization": "Bearer \(token)"])

      let refused = await capture(HTTPError.self) { try await makeClient { $0.proxy = settings }.send(request) }
      #expect(refused == .proxyCertificate(host: "127.0.0.1", problem: .untrusted))
      #expect(refused?.description.contains("the proxy 127.0.0.1") == true)
      #expect(refused?.description.contains("SSL_CERT_FILE") == true)
      #expect(proxy.acceptedConnections == 0, "nothing may reach a proxy whose certificate was refused")

      let response = try await fixture.trustingClient { $0.proxy = settings }.send(request)
      #expect(response.status == 200)
      #expect(proxy.requestHeads.first?.hasPrefix("CONNECT 127.0.0.1:\(fixture.origin.port) ") == true)
      #expect(!proxy.bytesFromClients.contains(token))
      #expect(fixture.backend.requests.first?.header("Authorization") == "Bearer \(token)")
    }
  }

  @Test("NO_PROXY covering 127.0.0.1 bypasses the proxy")
  func noProxyBypasses() async throws {
    let proxy = try ConnectProxy.start()
    defer { proxy.stop() }
    try await withTLSOrigin { fixture in
      let settings = HTTPProxySettings(environment: ["HTTPS_PROXY": proxy.url, "NO_PROXY": "localhost,127.0.0.1"])
      let response = try await fixture.trustingClient { $0.proxy = settings }.send(
        HTTPRequest(url: fixture.origin.url("/hello")))
      #expect(response.status == 200)
      #expect(proxy.acceptedConnections == 0)
      #expect(fixture.backend.requests.count == 1)
    }
  }

  @Test("plain http uses the lower-case http_proxy, which sees the request in clear; HTTP_PROXY is ignored")
  func plainHTTPProxy() async throws {
    let proxy = try ConnectProxy.start()
    defer { proxy.stop() }
    let backend = try await LoopbackServer.start()
    backend.route("GET", "/plain") { _ in .text("direct") }
    let url = backend.url("/plain")
    let request = HTTPRequest(url: url, headers: ["X-Marker": "visible-in-clear"])

    let upper = makeClient { $0.proxy = HTTPProxySettings(environment: ["HTTP_PROXY": proxy.url]) }
    let direct = try await upper.send(request)
    #expect(String(decoding: direct.body, as: UTF8.self) == "direct")
    #expect(proxy.acceptedConnections == 0)

    let lower = makeClient { $0.proxy = HTTPProxySettings(environment: ["http_proxy": proxy.url]) }
    let proxied = try await lower.send(request)
    // The test proxy only tunnels; it answers a plain proxied request 405, after recording it.
    #expect(proxied.status == 405)
    #expect(proxy.requestHeads.first?.hasPrefix("GET \(url.absoluteString) HTTP/1.1\r\n") == true)
    #expect(proxy.bytesFromClients.contains("visible-in-clear"))
    #expect(backend.requests.count == 1)
    await backend.stop()
  }
}
