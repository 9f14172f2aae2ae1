import Foundation

/// Runs GraphQL operations by `POST`ing them as JSON to an HTTP endpoint.
public struct HTTPGraphQLTransport: GraphQLTransport {
  /// The HTTP client requests go through.
  public var http: any HTTPClient
  /// The GraphQL endpoint, e.g. `https://example.com/graphql`.
  public var endpoint: URL
  /// Extra headers for every request, such as `Authorization`.
  public var headers: HTTPHeaders
  /// The total time allowed per request; `nil` uses the HTTP client's default.
  public var timeout: Duration?

  /// Creates a transport for `endpoint`.
  public init(http: any HTTPClient, endpoint: URL, headers: HTTPHeaders = [:], timeout: Duration? = nil) {
    self.http = http
    self.endpoint = endpoint
    self.headers = headers
    self.timeout = timeout
  }

  /// Posts `{"query", "operationName", "variables"}` and returns the response body of a 2xx answer.
  ///
  /// A non-2xx status throws ``GraphQLError/http(_:)`` with ``HTTPError/status(code:body:message:)``.
  public func execute(_ request: GraphQLRequest) async throws(GraphQLError) -> Data {
    let body: Data
    do {
      body = try JSONEncoder().encode(request)
    } catch {
      throw .encoding(detail: "\(error)".oneLine)
    }
    let fixed: HTTPHeaders = [
      "Content-Type": "application/json",
      "Accept": "application/graphql-response+json, application/json",
    ]
    let httpRequest = HTTPRequest(
      method: .post, url: endpoint, headers: fixed.merging(headers), body: body, timeout: timeout)
    do {
      return try await http.send(httpRequest).requireSuccess().body
    } catch {
      throw .http(error)
    }
  }
}
