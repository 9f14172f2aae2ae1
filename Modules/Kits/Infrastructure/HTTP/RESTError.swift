/// Why a ``RESTClient`` call failed.
public enum RESTError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The request failed or the server answered a non-2xx status (``HTTPError/status(code:body:message:)``).
  case http(HTTPError)
  /// The response body is not valid JSON for `type`; `detail` says what did not match and where.
  case decoding(type: String, detail: String)
  /// The request body could not be encoded as JSON.
  case encoding(type: String, detail: String)

  /// The HTTP status when the server answered a non-2xx one.
  public var statusCode: Int? {
    guard case .http(.status(let code, _, _)) = self else { return nil }
    return code
  }

  /// A one-line explanation with what to do about it.
  public var description: String {
    switch self {
    case .http(let error):
      return error.description
    case .decoding(let type, let detail):
      return "The server's answer could not be read as \(type): \(detail). The API may have changed."
    case .encoding(let type, let detail):
      return "The request body \(type) could not be encoded as JSON: \(detail)."
    }
  }
}
