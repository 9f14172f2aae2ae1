import Foundation

/// Runs GraphQL operations through a ``GraphQLTransport`` and decodes their `data`.
///
/// ```swift
/// let client = GraphQLClient(http: httpClient, endpoint: apiURL)
/// let home = try await client.query(HomeData.self, "query Home($limit: Int!) { ... }", variables: ["limit": 5])
/// ```
public struct GraphQLClient: Sendable {
  /// Where operations are executed.
  public var transport: any GraphQLTransport
  /// How JSON keys map to property names when decoding `data`.
  public var keyDecoding: JSONKeyDecoding

  /// Creates a client on any transport, e.g. an in-process executor.
  public init(transport: any GraphQLTransport, keyDecoding: JSONKeyDecoding = .useDefaultKeys) {
    self.transport = transport
    self.keyDecoding = keyDecoding
  }

  /// Creates a client that posts to `endpoint` over HTTP.
  public init(
    http: any HTTPClient,
    endpoint: URL,
    headers: HTTPHeaders = [:],
    timeout: Duration? = nil,
    keyDecoding: JSONKeyDecoding = .useDefaultKeys
  ) {
    self.init(
      transport: HTTPGraphQLTransport(http: http, endpoint: endpoint, headers: headers, timeout: timeout),
      keyDecoding: keyDecoding
    )
  }

  /// Executes `request` and decodes its `data` as `type`; a failure to decode it names `named` (the type's own name
  /// when `nil`).
  ///
  /// Throws ``GraphQLError/server(_:)`` when the response has a non-empty `errors` array, even if
  /// partial `data` came with it.
  public func execute<T: Decodable>(
    _ request: GraphQLRequest, as type: T.Type, named: String? = nil
  ) async throws(GraphQLError) -> T {
    let document = try await transport.execute(request)
    return try decodeResponse(document, as: type, named: named)
  }

  /// Runs the operation `query` with `variables` and decodes its `data` as `type`.
  public func query<T: Decodable>(
    _ type: T.Type,
    _ query: String,
    operationName: String? = nil,
    variables: [String: JSONValue] = [:]
  ) async throws(GraphQLError) -> T {
    try await execute(GraphQLRequest(query: query, operationName: operationName, variables: variables), as: type)
  }

  /// Decodes a GraphQL response document: its `errors` first, then its `data` as `type`; a failure to decode the
  /// `data` names `named` (the type's own name when `nil`).
  public func decodeResponse<T: Decodable>(
    _ document: Data, as type: T.Type, named: String? = nil
  ) throws(GraphQLError) -> T {
    let decoder = keyDecoding.makeDecoder()
    let errors: [GraphQLServerError]?
    do {
      errors = try JSONDecoder().decode(GraphQLErrorsPart.self, from: document).errors
    } catch {
      throw .decoding(type: "a GraphQL response", detail: Self.summary(of: error))
    }
    if let errors, !errors.isEmpty {
      throw .server(errors)
    }
    let data: T?
    do {
      data = try decoder.decode(GraphQLDataPart<T>.self, from: document).data
    } catch {
      throw .decoding(type: named ?? String(describing: type), detail: Self.summary(of: error))
    }
    guard let data else { throw .missingData }
    return data
  }

  private static func summary(of error: any Error) -> String {
    (error as? DecodingError)?.summary ?? "\(error)".oneLine
  }
}

/// The `errors` member of a GraphQL response document.
private struct GraphQLErrorsPart: Decodable {
  var errors: [GraphQLServerError]?
}

/// The `data` member of a GraphQL response document.
private struct GraphQLDataPart<T: Decodable>: Decodable {
  var data: T?
}
