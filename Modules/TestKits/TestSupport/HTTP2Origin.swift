import Foundation

/// An HTTP/2 origin over TLS on 127.0.0.1: Debian's `nghttpd` (package `nghttp2-server`) serving files from a
/// temporary document root, offering `h2` through ALPN.
///
/// It logs every frame with the id of its connection, which ``requestConnections`` reads to tell how many
/// connections the requests came on.
public final class HTTP2Origin: Sendable {
  /// The TLS port on 127.0.0.1.
  public let port: UInt16
  /// `https://127.0.0.1:<port>`.
  public let baseURL: URL
  /// The document root.
  public let documentRoot: URL
  /// The nghttpd process.
  public let process: ChildProcess

  private init(port: UInt16, documentRoot: URL, process: ChildProcess) {
    self.port = port
    self.baseURL = URL(string: "https://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
    self.documentRoot = documentRoot
    self.process = process
  }

  /// Writes `files` (path relative to the root, contents) into a new document root beside the identity's
  /// files, starts nghttpd on a free port with `identity`, and returns once it accepts connections.
  public static func start(
    identity: TestCertificateAuthority.Identity, files: [String: Data]
  ) async throws -> HTTP2Origin {
    let nghttpd = try ChildProcess.locate("nghttpd", package: "nghttp2-server")
    let base = identity.key.deletingLastPathComponent().appendingPathComponent("h2-\(UUID().uuidString)")
    let documentRoot = base.appendingPathComponent("root")
    try FileManager.default.createDirectory(at: documentRoot, withIntermediateDirectories: true)
    for (path, contents) in files {
      let url = documentRoot.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try contents.write(to: url)
    }
    let logFile = base.appendingPathComponent("nghttpd.log")
    let (process, port) = try await ChildProcess.startListening(nghttpd, logFile: logFile) { port in
      // -v logs every frame; the port, key and certificate come last.
      [
        "-v", "--address=127.0.0.1", "--htdocs=\(documentRoot.path)", "\(port)", identity.key.path,
        identity.certificate.path,
      ]
    }
    return HTTP2Origin(port: port, documentRoot: documentRoot, process: process)
  }

  /// The absolute URL for `path`.
  public func url(_ path: String) -> URL {
    let suffix = path.hasPrefix("/") ? path : "/" + path
    return URL(string: baseURL.absoluteString + suffix) ?? baseURL
  }

  /// For each connection that sent requests, by nghttpd's connection id, how many requests (HEADERS frames
  /// received) it carried. Connections that sent none, such as the readiness probe, are left out.
  public var requestConnections: [Int: Int] {
    var counts: [Int: Int] = [:]
    for line in process.log.split(whereSeparator: \.isNewline) where line.contains("] recv HEADERS frame") {
      guard line.hasPrefix("[id="), let end = line.firstIndex(of: "]"),
        let id = Int(line[line.index(line.startIndex, offsetBy: 4)..<end])
      else { continue }
      counts[id, default: 0] += 1
    }
    return counts
  }

  /// Ends nghttpd.
  public func stop() {
    process.stop()
  }
}
