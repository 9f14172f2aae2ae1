/// Sends HTTP requests and returns their responses.
///
/// A non-2xx status is a normal ``HTTPResponse``, not an error; call ``HTTPResponse/requireSuccess()``
/// (or use ``RESTClient``) to turn it into ``HTTPError/status(code:body:message:)``.
public protocol HTTPClient: Sendable {
  /// Sends `request`, following redirects, and returns the final response.
  func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse
}
