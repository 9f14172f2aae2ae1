import Foundation
import Infrastructure
import TestScheduling
import Testing

@Suite("Reading SSL_CERT_FILE, SSL_CERT_DIR and the proxy variables", .untimed)
struct TLSEnvironmentTests {
  @Test("unset or empty variables keep the system's CAs")
  func unsetTrust() throws {
    #expect(try TLSTrust(environment: [:]) == .system)
    #expect(try TLSTrust(environment: ["SSL_CERT_FILE": "", "SSL_CERT_DIR": ""]) == .system)
  }

  @Test("a readable file and a readable directory are taken as they are")
  func readablePaths() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("trust-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("bundle.pem")
    try Data("-----BEGIN CERTIFICATE-----\n".utf8).write(to: file)

    let trust = try TLSTrust(environment: ["SSL_CERT_FILE": file.path, "SSL_CERT_DIR": directory.path])
    #expect(trust == TLSTrust(caFile: file.path, caDirectory: directory.path))
  }

  @Test("a missing file, a directory given as the file, or a missing directory is an error naming the variable")
  func unusablePaths() throws {
    let missing = "/nonexistent/\(UUID().uuidString)/ca.pem"
    let cases: [([String: String], String)] = [
      (["SSL_CERT_FILE": missing], "SSL_CERT_FILE"),
      (["SSL_CERT_FILE": FileManager.default.temporaryDirectory.path], "SSL_CERT_FILE"),
      (["SSL_CERT_DIR": missing], "SSL_CERT_DIR"),
      (["SSL_CERT_DIR": "/etc/hostname"], "SSL_CERT_DIR"),
    ]
    for (environment, variable) in cases {
      let error = #expect(throws: ConfigurationError.self) { try TLSTrust(environment: environment) }
      guard case .invalidValue(let named, let value, _) = error else {
        Issue.record("expected invalidValue for \(environment), got \(String(describing: error))")
        continue
      }
      #expect(named == variable)
      #expect(value == environment[variable])
      #expect(error?.description.contains(variable) == true)
    }
  }

  @Test("proxies follow curl: https_proxy before HTTPS_PROXY, only the lower-case http_proxy, ALL_PROXY last")
  func proxyPrecedence() {
    let both = HTTPProxySettings(environment: ["https_proxy": "http://lower:1", "HTTPS_PROXY": "http://upper:2"])
    #expect(both.httpsProxy == "http://lower:1")
    #expect(HTTPProxySettings(environment: ["HTTPS_PROXY": "http://upper:2"]).httpsProxy == "http://upper:2")
    #expect(
      HTTPProxySettings(environment: ["https_proxy": "", "HTTPS_PROXY": "http://upper:2"]).httpsProxy
        == "http://upper:2")

    let upperHTTP = HTTPProxySettings(environment: ["HTTP_PROXY": "http://cgi:3"])
    #expect(upperHTTP.httpProxy == nil)
    #expect(upperHTTP.httpsProxy == nil)
    #expect(HTTPProxySettings(environment: ["http_proxy": "http://plain:4"]).httpProxy == "http://plain:4")

    let fallback = HTTPProxySettings(environment: ["ALL_PROXY": "http://all:5", "https_proxy": "http://tls:6"])
    #expect(fallback.httpsProxy == "http://tls:6")
    #expect(fallback.httpProxy == "http://all:5")

    #expect(HTTPProxySettings(environment: ["no_proxy": "a", "NO_PROXY": "b"]).noProxy == "a")
    #expect(HTTPProxySettings(environment: ["NO_PROXY": "b"]).noProxy == "b")
    #expect(HTTPProxySettings(environment: [:]) == HTTPProxySettings())
  }
}
