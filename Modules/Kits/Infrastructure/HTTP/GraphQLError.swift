/// Why a ``GraphQLClient`` call failed.
public enum GraphQLError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The request failed or the server answered a non-2xx status.
  case http(HTTPError)
  /// The response's `errors` array was not empty; every entry is kept, with its path.
  case server([GraphQLServerError])
  /// The response is not valid JSON, or its `data` does not fit `type`; `detail` says where.
  case decoding(type: String, detail: String)
  /// The request could not be encoded.
  case encoding(detail: String)
  /// The response had neither `data` nor `errors`.
  case missingData

  /// The server's messages when it reported GraphQL errors, else empty.
  public var messages: [String] {
    guard case .server(let errors) = self else { return [] }
    return errors.map(\.message)
  }

  /// A one-line explanation with what to do about it.
  public var description: String {
    switch self {
    case .http(let error):
      return error.description
    case .server(let errors):
      let count = errors.count == 1 ? "an error" : "\(errors.count) errors"
      return "The GraphQL server reported \(count): \(errors.map(\.description).joined(separator: "; "))"
    case .decoding(let type, let detail):
      return "The GraphQL answer could not be read as \(type): \(detail). The schema may have changed."
    case .encoding(let detail):
      return "The GraphQL request could not be encoded: \(detail)."
    case .missingData:
      return "The GraphQL answer has no data and no errors: the server is not speaking GraphQL."
    }
  }
}
