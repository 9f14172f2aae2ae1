import Foundation

/// What a ``LoopbackServer`` route answers.
public struct LoopbackResponse: Sendable, Hashable {
  /// The status code.
  public var status: Int
  /// The header fields to send; `Content-Length` or `Transfer-Encoding` is added by the server.
  public var headers: [String: String]
  /// The body.
  public var body: Data
  /// Whether to stream the body with chunked transfer encoding instead of a `Content-Length`.
  public var isChunked: Bool

  /// Creates a response.
  public init(status: Int = 200, headers: [String: String] = [:], body: Data = Data(), isChunked: Bool = false) {
    self.status = status
    self.headers = headers
    self.body = body
    self.isChunked = isChunked
  }

  /// A JSON response with `Content-Type: application/json`.
  public static func json(_ json: String, status: Int = 200, headers: [String: String] = [:]) -> LoopbackResponse {
    var headers = headers
    headers["Content-Type"] = "application/json; charset=utf-8"
    return LoopbackResponse(status: status, headers: headers, body: Data(json.utf8))
  }

  /// A plain-text response.
  public static func text(_ text: String, status: Int = 200) -> LoopbackResponse {
    LoopbackResponse(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Data(text.utf8))
  }

  /// A redirect to `location` (absolute or relative).
  public static func redirect(to location: String, status: Int = 302) -> LoopbackResponse {
    LoopbackResponse(status: status, headers: ["Location": location])
  }

  /// A response with no body.
  public static func empty(status: Int = 204) -> LoopbackResponse {
    LoopbackResponse(status: status)
  }
}
