import Foundation

/// An https origin on 127.0.0.1: `socat` terminates TLS with a given certificate and forwards the plain bytes to
/// a loopback server (a ``LoopbackServer``, a ``GitHubFakeServer``...), so real app responses come over TLS.
///
/// socat offers no ALPN, so clients speak HTTP/1.1 to it; ``HTTP2Origin`` is the HTTP/2 counterpart. Each TLS
/// connection becomes one connection to the backend. ``stop()`` ends socat and every connection it forked.
public final class TLSOrigin: Sendable {
  /// The TLS port on 127.0.0.1.
  public let port: UInt16
  /// `https://127.0.0.1:<port>`.
  public let baseURL: URL
  /// The socat process.
  public let process: ChildProcess

  private init(port: UInt16, process: ChildProcess) {
    self.port = port
    self.baseURL = URL(string: "https://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
    self.process = process
  }

  /// Starts socat on a free port with `identity`, in front of the plain server on 127.0.0.1:`backendPort`;
  /// returns once it accepts connections. Its log goes next to the identity's files.
  public static func start(
    identity: TestCertificateAuthority.Identity, backendPort: UInt16
  ) async throws -> TLSOrigin {
    let socat = try ChildProcess.locate("socat", package: "socat")
    let logFile = identity.key.deletingLastPathComponent().appendingPathComponent("socat-\(UUID().uuidString).log")
    let (process, port) = try await ChildProcess.startListening(socat, logFile: logFile) { port in
      [
        "-d",
        "OPENSSL-LISTEN:\(port),bind=127.0.0.1,reuseaddr,fork,verify=0,"
          + "cert=\(identity.certificate.path),key=\(identity.key.path)",
        "TCP:127.0.0.1:\(backendPort)",
      ]
    }
    return TLSOrigin(port: port, process: process)
  }

  /// The absolute URL for `pathAndQuery` (already percent-encoded).
  public func url(_ pathAndQuery: String) -> URL {
    let suffix = pathAndQuery.hasPrefix("/") ? pathAndQuery : "/" + pathAndQuery
    return URL(string: baseURL.absoluteString + suffix) ?? baseURL
  }

  /// Ends socat and its forked connections.
  public func stop() {
    process.stop()
  }
}
