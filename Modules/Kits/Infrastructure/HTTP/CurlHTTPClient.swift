import Foundation
import Logging

/// An ``HTTPClient`` on libcurl's multi interface, driven by one dedicated thread.
///
/// - Transfers run concurrently on that thread, never on Swift's cooperative pool, so parallel
///   requests overlap even on a 2-core machine.
/// - Connections are kept alive and reused across requests; HTTP/2 is used when a TLS server offers it;
///   gzip and deflate bodies are accepted and decompressed.
/// - TLS peer and host verification are always on; ``Configuration/trust`` adds a private CA
///   (`SSL_CERT_FILE`, `SSL_CERT_DIR`), and a refused certificate is ``HTTPError/certificate(host:problem:)``.
/// - ``Configuration/proxy`` names the proxies (`HTTPS_PROXY`, `NO_PROXY`...); an https origin is reached
///   through a `CONNECT` tunnel, so the proxy never sees headers or bodies.
/// - Redirects are followed here, in Swift: `Authorization` and `Cookie` never go to another scheme,
///   host or port, and credentials never travel over plain `http://` except to loopback.
/// - Cancelling the calling task aborts the transfer and throws ``HTTPError/cancelled``.
///
/// Creating a client does no I/O; the thread starts with the first request and stops when the
/// client is released.
public final class CurlHTTPClient: HTTPClient {
  /// The limits this client applies.
  public let configuration: Configuration
  private let loop: CurlMultiLoop
  private let logger: Logger

  /// Creates a client; nothing starts until the first request.
  public init(configuration: Configuration = Configuration(), logger: Logger = Logger(label: "infrastructure.http")) {
    self.configuration = configuration
    self.logger = logger
    self.loop = CurlMultiLoop()
  }

  deinit {
    loop.shutdown()
  }

  /// Sends `request`, following up to ``Configuration/maxRedirects`` redirects within the request's timeout.
  public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
    let clock = ContinuousClock()
    let start = clock.now
    let deadline = start.advanced(by: request.timeout ?? configuration.timeout)
    var current = request
    var redirects = 0
    while true {
      guard !Task.isCancelled else { throw .cancelled }
      let remaining = clock.now.duration(to: deadline)
      guard remaining > .zero else {
        throw .timedOut(host: HTTPOrigin(current.url)?.host ?? current.url.absoluteString)
      }
      if let problem = configuration.trust.problem, current.url.scheme?.lowercased() == "https" {
        throw .trustSetting(problem)
      }
      let job = try CurlJob(request: current, timeout: remaining, configuration: configuration)
      let response: HTTPResponse
      do {
        response = try await loop.perform(job).get()
      } catch {
        logger.debug("HTTP \(current.method) \(Self.redacted(current.url)) failed: \(error)")
        throw error
      }
      logger.debug(
        "HTTP \(current.method) \(Self.redacted(current.url)) -> \(response.status)",
        metadata: ["elapsed": "\(start.duration(to: clock.now))"]
      )
      guard configuration.maxRedirects > 0,
        let next = try HTTPRedirect.nextRequest(after: response, to: current)
      else {
        return response
      }
      redirects += 1
      guard redirects <= configuration.maxRedirects else {
        throw .tooManyRedirects(limit: configuration.maxRedirects)
      }
      current = next
    }
  }

  /// The URL without user info, query or fragment, which may hold secrets, for logging.
  static func redacted(_ url: URL) -> String {
    guard let origin = HTTPOrigin(url) else { return "<invalid URL>" }
    return "\(origin)\(url.path)"
  }
}
