import Foundation

/// A request an ``HTTPClient`` sends: method, absolute URL, headers, optional body and timeout.
public struct HTTPRequest: Sendable, Hashable {
  /// The request method.
  public var method: HTTPMethod
  /// The absolute `http` or `https` URL, already percent-encoded.
  public var url: URL
  /// The header fields to send; the client adds `Host`, `User-Agent`, `Accept-Encoding` and `Content-Length`.
  public var headers: HTTPHeaders
  /// The body to send, or `nil` for none.
  public var body: Data?
  /// The total time allowed for the request, redirects included; `nil` uses the client's default.
  public var timeout: Duration?

  /// Creates a request.
  public init(
    method: HTTPMethod = .get,
    url: URL,
    headers: HTTPHeaders = [:],
    body: Data? = nil,
    timeout: Duration? = nil
  ) {
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
    self.timeout = timeout
  }
}
