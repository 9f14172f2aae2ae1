/// One GraphQL operation to execute: the document, the operation to run and its variables.
public struct GraphQLRequest: Sendable, Hashable, Encodable {
  /// The GraphQL document.
  public var query: String
  /// Which operation of the document to run; needed when it defines several.
  public var operationName: String?
  /// The operation's variables.
  public var variables: [String: JSONValue]

  /// Creates a request.
  public init(query: String, operationName: String? = nil, variables: [String: JSONValue] = [:]) {
    self.query = query
    self.operationName = operationName
    self.variables = variables
  }

  private enum CodingKeys: String, CodingKey {
    case query, operationName, variables
  }

  /// Encodes `{"query", "operationName", "variables"}` as GraphQL over HTTP expects.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(query, forKey: .query)
    try container.encode(operationName, forKey: .operationName)
    try container.encode(variables, forKey: .variables)
  }
}
