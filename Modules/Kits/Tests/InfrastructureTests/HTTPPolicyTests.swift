import Foundation
import TestScheduling
import Testing

@testable import Infrastructure

@Suite("HTTP policies: origins, redirects, headers, encoding, error mapping", .untimed)
struct HTTPPolicyTests {
  @Test(
    "loopback hosts are recognised",
    arguments: [
      ("http://127.0.0.1/", true), ("http://127.9.8.7:81/", true), ("http://localhost:8080/", true),
      ("http://LOCALHOST/", true), ("http://[::1]:8080/", true), ("http://[::ffff:127.0.0.1]/", true),
      ("http://128.0.0.1/", false), ("http://example.com/", false), ("http://localhost.example.com/", false),
      ("http://[::2]/", false), ("http://10.0.0.1/", false),
    ]
  )
  func loopback(url: String, expected: Bool) throws {
    let origin = try #require(HTTPOrigin(try makeURL(url)))
    #expect(origin.isLoopback == expected)
  }

  @Test("origins compare scheme, host and the effective port")
  func origins() throws {
    func origin(_ text: String) throws -> HTTPOrigin {
      try #require(HTTPOrigin(try makeURL(text)))
    }
    #expect(try origin("https://api.github.com/a") == origin("https://API.github.com:443/b"))
    #expect(try origin("http://example.com/") == origin("http://example.com:80/"))
    #expect(try origin("https://example.com/") != origin("http://example.com/"))
    #expect(try origin("https://example.com/") != origin("https://example.com:8443/"))
    #expect(try origin("https://example.com/") != origin("https://www.example.com/"))
    #expect(HTTPOrigin(try makeURL("file:///etc/passwd")) == nil)
  }

  @Test(
    "a redirect drops credentials when scheme, host or port change",
    arguments: [
      ("https://api.example.com/a", "http://api.example.com/b", false),
      ("https://api.example.com/a", "https://api.example.com:8443/b", false),
      ("https://api.example.com/a", "https://evil.example.net/b", false),
      ("https://api.example.com/a", "/b", true),
      ("https://api.example.com/a", "https://API.EXAMPLE.COM:443/b", true),
    ]
  )
  func redirectCredentials(from: String, location: String, keeps: Bool) throws {
    let request = HTTPRequest(
      url: try makeURL(from),
      headers: ["Authorization": "Bearer t", "Cookie": "c=1", "Proxy-Authorization": "Basic p", "Accept": "a/b"])
    let response = HTTPResponse(status: 302, headers: ["Location": location], url: request.url)

    let next = try #require(try HTTPRedirect.nextRequest(after: response, to: request))

    #expect(next.headers.contains("Authorization") == keeps)
    #expect(next.headers.contains("Cookie") == keeps)
    #expect(next.headers.contains("Proxy-Authorization") == keeps)
    #expect(next.headers["Accept"] == "a/b")
  }

  @Test("a redirect to a non-http scheme is refused; a response without Location is final")
  func redirectEdges() throws {
    let request = HTTPRequest(url: try makeURL("https://example.com/"))
    let toFile = HTTPResponse(status: 302, headers: ["Location": "file:///etc/passwd"], url: request.url)
    #expect(throws: HTTPError.invalidURL("file:///etc/passwd")) {
      try HTTPRedirect.nextRequest(after: toFile, to: request)
    }
    let noLocation = HTTPResponse(status: 302, url: request.url)
    #expect(try HTTPRedirect.nextRequest(after: noLocation, to: request) == nil)
    let notModified = HTTPResponse(status: 304, headers: ["Location": "/x"], url: request.url)
    #expect(try HTTPRedirect.nextRequest(after: notModified, to: request) == nil)
  }

  @Test("headers look up case-insensitively, replace on set and redact credentials when printed")
  func headers() {
    var headers: HTTPHeaders = ["Accept": "a", "Set-Cookie": "x=1", "set-cookie": "y=2"]
    #expect(headers["ACCEPT"] == "a")
    #expect(headers.values(for: "Set-Cookie") == ["x=1", "y=2"])
    headers["SET-COOKIE"] = "z=3"
    #expect(headers.values(for: "set-cookie") == ["z=3"])
    headers["Authorization"] = "Bearer super-secret"
    #expect(!headers.description.contains("super-secret"))
    #expect(headers.description.contains("Authorization: <redacted>"))
    headers["accept"] = nil
    #expect(!headers.contains("Accept"))
    let merged = HTTPHeaders([("Accept", "a"), ("X", "1")]).merging(["accept": "b"])
    #expect(merged.values(for: "Accept") == ["b"])
    #expect(merged["X"] == "1")
  }

  @Test("query components keep only unreserved characters")
  func percentEncoding() {
    #expect(PercentEncoding.queryComponent("日本語 swift") == "%E6%97%A5%E6%9C%AC%E8%AA%9E%20swift")
    #expect(PercentEncoding.queryComponent("c++ & a=b/c?d#e%") == "c%2B%2B%20%26%20a%3Db%2Fc%3Fd%23e%25")
    #expect(PercentEncoding.queryComponent("AZaz09-._~") == "AZaz09-._~")
    #expect(PercentEncoding.path("/repos/a b/ü?#") == "/repos/a%20b/%C3%BC%3F%23")
  }

  @Test("libcurl codes map to typed errors")
  func curlCodes() throws {
    let origin = try #require(HTTPOrigin(try makeURL("https://example.com:8443/")))
    func map(_ code: UInt32, exceeded: Bool = false, verifyResult: Int = 0) -> HTTPError {
      CurlErrorMapping.error(
        rawCode: code, detail: "detail", origin: origin, limit: 10, exceededLimit: exceeded, verifyResult: verifyResult)
    }
    // Numeric CURLE_* values, which are part of libcurl's stable ABI.
    #expect(map(7) == .connectionRefused(host: "example.com", port: 8443))  // COULDNT_CONNECT
    #expect(map(6) == .dnsFailure(host: "example.com"))  // COULDNT_RESOLVE_HOST
    #expect(map(28) == .timedOut(host: "example.com"))  // OPERATION_TIMEDOUT
    // PEER_FAILED_VERIFICATION, told apart by OpenSSL's X509 verify result.
    #expect(map(60, verifyResult: 20) == .certificate(host: "example.com", problem: .untrusted))
    #expect(map(60, verifyResult: 18) == .certificate(host: "example.com", problem: .untrusted))
    #expect(map(60, verifyResult: 10) == .certificate(host: "example.com", problem: .expired))
    #expect(map(60, verifyResult: 9) == .certificate(host: "example.com", problem: .notYetValid))
    #expect(map(60, verifyResult: 1) == .certificate(host: "example.com", problem: .hostMismatch))
    #expect(map(60, verifyResult: 23) == .certificate(host: "example.com", problem: .rejected(reason: "detail")))
    // The proxy's result is set and the origin's untouched: the proxy's certificate was refused.
    #expect(
      CurlErrorMapping.error(
        rawCode: 60, detail: "d", origin: origin, limit: 1, exceededLimit: false, verifyResult: 0,
        proxy: (host: "proxy.corp", verifyResult: 19)) == .proxyCertificate(host: "proxy.corp", problem: .untrusted))
    #expect(
      CurlErrorMapping.error(
        rawCode: 60, detail: "d", origin: origin, limit: 1, exceededLimit: false, verifyResult: 1,
        proxy: (host: "proxy.corp", verifyResult: 0)) == .certificate(host: "example.com", problem: .hostMismatch))
    #expect(CurlJob.host(ofProxy: "http://user:secret@proxy.corp:3128") == "proxy.corp")
    #expect(CurlJob.host(ofProxy: "proxy.corp:3128") == "proxy.corp")
    #expect(map(35) == .tls(message: "detail"))  // SSL_CONNECT_ERROR
    #expect(map(77) == .trustStoreUnusable(message: "detail"))  // SSL_CACERT_BADFILE
    #expect(map(23, exceeded: true) == .tooLarge(limit: 10))  // WRITE_ERROR from the size check
    #expect(map(63) == .tooLarge(limit: 10))  // FILESIZE_EXCEEDED
    #expect(map(23) == .transport(code: 23, message: "detail"))  // WRITE_ERROR otherwise
    #expect(map(56) == .transport(code: 56, message: "detail"))  // RECV_ERROR
    #expect(map(3) == .invalidURL("https://example.com:8443"))  // URL_MALFORMAT
  }

  @Test("every error describes itself on one line")
  func descriptions() {
    let errors: [HTTPError] = [
      .invalidURL("x\ny"), .invalidHeader(name: "a"), .connectionRefused(host: "h", port: 1), .dnsFailure(host: "h"),
      .timedOut(host: "h"), .tls(message: "bad\ncert"), .certificate(host: "h", problem: .rejected(reason: "a\nb")),
      .certificate(host: "h", problem: .untrusted), .proxyCertificate(host: "p", problem: .hostMismatch),
      .trustStoreUnusable(message: "x\ny"), .tooLarge(limit: 1),
      .cancelled, .tooManyRedirects(limit: 5),
      .insecureCredentials(host: "h"), .status(code: 401, body: Data(), message: "Bad\ncredentials"),
      .transport(code: 56, message: "recv failure"),
    ]
    for error in errors {
      #expect(!error.description.contains("\n"), "\(error)")
      #expect(!error.description.isEmpty)
    }
    let unauthorized = HTTPError.status(code: 401, body: Data(), message: "Bad credentials")
    #expect(unauthorized.description.contains("token"))
  }
}
