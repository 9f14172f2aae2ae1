import Foundation

/// Everything the curl thread needs to run one request, checked and flattened on the caller's side.
struct CurlJob: Sendable {
  /// The request method.
  var method: HTTPMethod
  /// The absolute URL.
  var url: URL
  /// Header lines in libcurl's `Name: value` form (`Name;` for an empty value).
  var headerLines: [String]
  /// The body to upload, if any.
  var body: Data?
  /// The scheme/host/port, used to name the peer in errors.
  var origin: HTTPOrigin
  /// The total time allowed for this transfer, in milliseconds (at least 1).
  var timeoutMilliseconds: Int
  /// The time allowed to connect, in milliseconds (at least 1).
  var connectTimeoutMilliseconds: Int
  /// The largest body accepted, in bytes.
  var maxResponseBytes: Int
  /// The `User-Agent` to send unless the request sets one.
  var userAgent: String
  /// The certificate authorities to trust.
  var trust: TLSTrust
  /// `CURLOPT_PROXY` for this URL (`""` for none); `nil` leaves it to libcurl and the process environment.
  var proxy: String?
  /// `CURLOPT_NOPROXY`, set whenever ``proxy`` is.
  var noProxy: String
  /// The host of ``proxy``, to name it in errors.
  var proxyHost: String?

  /// Checks `request` and turns it into a job with `timeout` left to run.
  ///
  /// Throws ``HTTPError/invalidURL(_:)``, ``HTTPError/invalidHeader(name:)`` or
  /// ``HTTPError/insecureCredentials(host:)`` before anything is sent.
  init(
    request: HTTPRequest,
    timeout: Duration,
    configuration: CurlHTTPClient.Configuration
  ) throws(HTTPError) {
    guard let origin = HTTPOrigin(request.url) else {
      throw .invalidURL(request.url.withoutUserInfo)
    }
    let carriesCredentials = request.headers.contains("Authorization") || request.url.user != nil
    if carriesCredentials && !origin.mayCarryCredentials {
      throw .insecureCredentials(host: origin.host)
    }
    var lines: [String] = []
    for field in request.headers {
      guard Self.isToken(field.name) else { throw .invalidHeader(name: field.name) }
      guard Self.isFieldValue(field.value) else { throw .invalidHeader(name: field.name) }
      lines.append(field.value.isEmpty ? "\(field.name);" : "\(field.name): \(field.value)")
    }
    // No `Expect: 100-continue` round trip before uploads.
    lines.append("Expect:")
    if request.body != nil && !request.headers.contains("Content-Type") {
      // Without this libcurl would label every body `application/x-www-form-urlencoded`.
      lines.append("Content-Type:")
    }
    self.method = request.method
    self.url = request.url
    self.headerLines = lines
    self.body = request.body
    self.origin = origin
    self.timeoutMilliseconds = max(1, timeout.wholeMilliseconds)
    self.connectTimeoutMilliseconds = max(1, min(configuration.connectTimeout, timeout).wholeMilliseconds)
    self.maxResponseBytes = configuration.maxResponseSize
    self.userAgent = configuration.userAgent
    self.trust = configuration.trust
    let proxy = configuration.proxy?.proxy(forScheme: origin.scheme)
    self.proxy = proxy
    self.noProxy = configuration.proxy?.noProxy ?? ""
    self.proxyHost = proxy.flatMap(Self.host(ofProxy:))
  }

  /// The host of a `CURLOPT_PROXY` value, which, like curl, may leave out the scheme (`proxy:3128`).
  static func host(ofProxy proxy: String) -> String? {
    let url = proxy.contains("://") ? proxy : "http://" + proxy
    return URLComponents(string: url)?.host.flatMap { $0.isEmpty ? nil : $0 }
  }

  /// Whether `name` is an RFC 9110 token.
  static func isToken(_ name: String) -> Bool {
    !name.isEmpty
      && name.utf8.allSatisfy { byte in
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
          UInt8(ascii: "0")...UInt8(ascii: "9"):
          return true
        default:
          return "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
      }
  }

  /// Whether `value` has no CR, LF or NUL, which would let it inject other header lines.
  static func isFieldValue(_ value: String) -> Bool {
    !value.utf8.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }
  }
}

extension Duration {
  /// The duration in whole milliseconds, rounded down, clamped to `Int`.
  var wholeMilliseconds: Int {
    let (seconds, attoseconds) = components
    let (millis, overflow) = seconds.multipliedReportingOverflow(by: 1000)
    guard !overflow else { return seconds < 0 ? Int(Int64.min) : Int(Int64.max) }
    return Int(millis + attoseconds / 1_000_000_000_000_000)
  }
}
