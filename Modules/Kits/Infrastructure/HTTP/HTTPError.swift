import Foundation

/// Why an HTTP request failed, with a one-line description a user can act on.
public enum HTTPError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The URL is not an absolute `http`/`https` URL with a host.
  case invalidURL(String)
  /// A header name or value cannot be sent (control characters, empty name).
  case invalidHeader(name: String)
  /// Nothing accepted the TCP connection at `host:port`.
  case connectionRefused(host: String, port: Int)
  /// The host name could not be resolved.
  case dnsFailure(host: String)
  /// The connect timeout or the total timeout elapsed.
  case timedOut(host: String)
  /// The server's certificate was refused; `problem` says why. Verification is never turned off.
  case certificate(host: String, problem: CertificateProblem)
  /// The certificate of the `https://` proxy at `host` was refused; `problem` says why.
  case proxyCertificate(host: String, problem: CertificateProblem)
  /// The CA certificates to trust (`SSL_CERT_FILE`, `SSL_CERT_DIR`, or the system's) could not be loaded.
  case trustStoreUnusable(message: String)
  /// An https request needs the trust settings, and `problem` says why they cannot be used; nothing was sent.
  case trustSetting(ConfigurationError)
  /// The TLS handshake failed for a reason other than the server's certificate.
  case tls(message: String)
  /// The response body is larger than the client's limit, in bytes.
  case tooLarge(limit: Int)
  /// The request's task was cancelled.
  case cancelled
  /// More redirects than the limit were answered.
  case tooManyRedirects(limit: Int)
  /// Credentials would travel over plain `http://` to a host that is not loopback; nothing was sent.
  case insecureCredentials(host: String)
  /// The server answered a non-2xx status; `message` is the server's own explanation when it gave one.
  case status(code: Int, body: Data, message: String?)
  /// Any other transfer failure, with libcurl's code and error text.
  case transport(code: Int, message: String)

  /// A one-line explanation with what to do about it.
  public var description: String {
    switch self {
    case .invalidURL(let url):
      return "Invalid URL '\(url.oneLine)': use an absolute http:// or https:// URL with a host."
    case .invalidHeader(let name):
      return "Invalid HTTP header '\(name.oneLine)': names must be tokens and values must not contain line breaks."
    case .connectionRefused(let host, let port):
      return "Could not connect to \(host):\(port): check that the server is running and the address is right."
    case .dnsFailure(let host):
      return "Could not resolve host '\(host)': check the host name and your network connection."
    case .timedOut(let host):
      return "The request to \(host) timed out: check your network connection or try again later."
    case .certificate(let host, let problem):
      return "The certificate of \(host) \(problem.summary): \(problem.advice(forProxy: false))"
    case .proxyCertificate(let host, let problem):
      return "The certificate of the proxy \(host) \(problem.summary): \(problem.advice(forProxy: true))"
    case .trustStoreUnusable(let message):
      return "The trusted CA certificates could not be loaded (\(message.oneLine)): set SSL_CERT_FILE to a PEM "
        + "file of CA certificates or SSL_CERT_DIR to a directory prepared with `openssl rehash`, or unset them."
    case .trustSetting(let problem):
      return problem.description
    case .tls(let message):
      return "Secure connection failed (\(message.oneLine)): check that the address serves https, "
        + "and HTTPS_PROXY and NO_PROXY if you use a proxy."
    case .tooLarge(let limit):
      return "The response is larger than the \(limit)-byte limit and was not read."
    case .cancelled:
      return "The request was cancelled."
    case .tooManyRedirects(let limit):
      return "The server redirected more than \(limit) times: the URL or the server is misconfigured."
    case .insecureCredentials(let host):
      return "Refusing to send credentials to \(host) over plain http://: use an https:// URL."
    case .status(let code, _, _):
      return "\(statement) \(Self.advice(forStatus: code))"
    case .transport(let code, let message):
      return "Network error (curl \(code)): \(message.oneLine)."
    }
  }

  /// The description without what to do about it, for a caller that gives advice of its own: a status says only
  /// what the server answered (`The server answered HTTP 429: API rate limit exceeded.`).
  public var statement: String {
    guard case .status(let code, _, let message) = self else { return description }
    let detail = message.map { ": \($0.oneLine)" } ?? ""
    // A server's message that ends its own sentence is not given a second full stop.
    let stop = detail.last.map { ".!?…".contains($0) } == true ? "" : "."
    return "The server answered HTTP \(code)\(detail)\(stop)"
  }

  /// What a user can do about a status code.
  static func advice(forStatus code: Int) -> String {
    switch code {
    case 401: return "Check that your token is set and still valid."
    case 403: return "Check your token's permissions, or wait if a rate limit was hit."
    case 404: return "Check the name or the address."
    case 408, 429: return "Wait a moment and try again."
    case 500...599: return "The server has a problem; try again later."
    default: return "Check the request."
    }
  }
}

extension String {
  /// The text on a single line, shortened to at most 300 characters.
  var oneLine: String {
    let flat = split(whereSeparator: \.isNewline).joined(separator: " ")
    return flat.count > 300 ? String(flat.prefix(300)) + "…" : flat
  }
}
