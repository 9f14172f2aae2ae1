import Foundation

/// A client for a JSON REST API: URLs from a base URL, a path and query items; JSON in and out; typed errors.
///
/// ```swift
/// let api = RESTClient(http: client, baseURL: apiURL, defaultHeaders: ["Accept": "application/json"],
///                      keyDecoding: .convertFromSnakeCase)
/// let page = try await api.get(ForecastPage.self, path: "/forecasts",
///                              query: [URLQueryItem(name: "city", value: "東京")])
/// ```
public struct RESTClient: Sendable {
  /// The HTTP client requests go through.
  public var http: any HTTPClient
  /// The API's root, e.g. `https://api.example.com`; it may carry a path prefix.
  public var baseURL: URL
  /// Headers sent with every request; a request's own headers replace same-named ones.
  public var defaultHeaders: HTTPHeaders
  /// How JSON keys map to property names when decoding answers.
  public var keyDecoding: JSONKeyDecoding
  /// The total time allowed per request; `nil` uses the HTTP client's default.
  public var timeout: Duration?

  /// Creates a client for the API at `baseURL`.
  public init(
    http: any HTTPClient,
    baseURL: URL,
    defaultHeaders: HTTPHeaders = [:],
    keyDecoding: JSONKeyDecoding = .useDefaultKeys,
    timeout: Duration? = nil
  ) {
    self.http = http
    self.baseURL = baseURL
    self.defaultHeaders = defaultHeaders
    self.keyDecoding = keyDecoding
    self.timeout = timeout
  }

  /// The URL of `path` (raw text, encoded here) under ``baseURL``, with `query` percent-encoded.
  ///
  /// Query names and values are encoded with only unreserved characters left as they are:
  /// a space becomes `%20`, `+` becomes `%2B`, and non-ASCII text is UTF-8 percent-encoded.
  public func url(path: String, query: [URLQueryItem] = []) throws(RESTError) -> URL {
    var base = baseURL.absoluteString
    while base.hasSuffix("/") { base.removeLast() }
    let trimmedPath = path.drop { $0 == "/" }
    var text = base + "/" + PercentEncoding.path(String(trimmedPath))
    if !query.isEmpty {
      text += "?" + PercentEncoding.query(query)
    }
    guard let url = URL(string: text), HTTPOrigin(url) != nil else {
      throw .http(.invalidURL(text))
    }
    return url
  }

  /// Sends a request and returns the response if its status is 2xx.
  ///
  /// A non-2xx status throws ``RESTError/http(_:)`` wrapping ``HTTPError/status(code:body:message:)``,
  /// whose message is the server's own (a `{"message": ...}` body).
  public func send(
    _ method: HTTPMethod,
    path: String,
    query: [URLQueryItem] = [],
    headers: HTTPHeaders = [:],
    body: Data? = nil
  ) async throws(RESTError) -> HTTPResponse {
    let request = HTTPRequest(
      method: method,
      url: try url(path: path, query: query),
      headers: defaultHeaders.merging(headers),
      body: body,
      timeout: timeout
    )
    do {
      return try await http.send(request).requireSuccess()
    } catch {
      throw .http(error)
    }
  }

  /// Sends a `GET` and decodes the JSON answer as `type`.
  public func get<T: Decodable>(
    _ type: T.Type,
    path: String,
    query: [URLQueryItem] = [],
    headers: HTTPHeaders = [:]
  ) async throws(RESTError) -> T {
    let response = try await send(.get, path: path, query: query, headers: headers)
    return try decode(type, from: response.body)
  }

  /// Sends `body` as JSON with `method` and decodes the JSON answer as `type`.
  public func send<Body: Encodable, T: Decodable>(
    _ method: HTTPMethod,
    path: String,
    query: [URLQueryItem] = [],
    headers: HTTPHeaders = [:],
    json body: Body,
    as type: T.Type
  ) async throws(RESTError) -> T {
    let data: Data
    do {
      data = try JSONEncoder().encode(body)
    } catch {
      throw .encoding(type: String(describing: Body.self), detail: "\(error)".oneLine)
    }
    var allHeaders = headers
    if !allHeaders.contains("Content-Type") {
      allHeaders["Content-Type"] = "application/json"
    }
    let response = try await send(method, path: path, query: query, headers: allHeaders, body: data)
    return try decode(type, from: response.body)
  }

  /// `text` with the credential this client sends (its `Authorization` header) replaced by
  /// ``AccessToken/redacted``, for messages a server sends back that might echo it.
  public func redactingCredentials(in text: String) -> String {
    guard let header = defaultHeaders["Authorization"] else { return text }
    let credential = header.split(separator: " ", maxSplits: 1).last.map(String.init) ?? header
    guard !credential.isEmpty else { return text }
    return text.replacingOccurrences(of: credential, with: AccessToken.redacted)
  }

  /// Decodes `data` as `type` with this client's key strategy; failures are ``RESTError/decoding(type:detail:)``.
  public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(RESTError) -> T {
    do {
      return try keyDecoding.makeDecoder().decode(type, from: data)
    } catch let error as DecodingError {
      throw .decoding(type: String(describing: type), detail: error.summary)
    } catch {
      throw .decoding(type: String(describing: type), detail: "\(error)".oneLine)
    }
  }
}
