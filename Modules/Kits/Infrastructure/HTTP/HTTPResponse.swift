import Foundation

/// A response received by an ``HTTPClient``: status, headers and the whole body.
public struct HTTPResponse: Sendable, Hashable {
  /// The HTTP status code, for example 200.
  public var status: Int
  /// The response header fields; look them up case-insensitively.
  public var headers: HTTPHeaders
  /// The body, already decompressed.
  public var body: Data
  /// The URL that answered, after redirects.
  public var url: URL
  /// The protocol version the transfer used (HTTP/2 when a TLS server offered it); `nil` when not known.
  public var httpVersion: HTTPVersion?

  /// Creates a response.
  public init(
    status: Int, headers: HTTPHeaders = [:], body: Data = Data(), url: URL, httpVersion: HTTPVersion? = nil
  ) {
    self.status = status
    self.headers = headers
    self.body = body
    self.url = url
    self.httpVersion = httpVersion
  }

  /// Whether the status is in the 2xx range.
  public var isSuccess: Bool { (200..<300).contains(status) }

  /// Returns the response when its status is 2xx, else throws ``HTTPError/status(code:body:message:)``.
  ///
  /// The error's message is the ``HTTPErrorBody/serverMessage`` of a JSON error body: its `message`, or, failing
  /// that, the first message of its `errors` (GraphQL's shape).
  public func requireSuccess() throws(HTTPError) -> HTTPResponse {
    guard isSuccess else {
      throw .status(code: status, body: body, message: HTTPErrorBody(decoding: body)?.serverMessage)
    }
    return self
  }
}
