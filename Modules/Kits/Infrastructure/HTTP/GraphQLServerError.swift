/// One entry of a GraphQL response's `errors` array.
public struct GraphQLServerError: Sendable, Hashable, Decodable, CustomStringConvertible {
  /// One step of the path to the field that failed: a field name or a list index.
  public enum PathComponent: Sendable, Hashable, Decodable, CustomStringConvertible {
    /// A field name.
    case field(String)
    /// A list index.
    case index(Int)

    /// Decodes a path step, which JSON gives as a string or an integer.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let index = try? container.decode(Int.self) {
        self = .index(index)
      } else {
        self = .field(try container.decode(String.self))
      }
    }

    /// The field name or the index.
    public var description: String {
      switch self {
      case .field(let name): name
      case .index(let index): String(index)
      }
    }
  }

  /// A position in the GraphQL document.
  public struct Location: Sendable, Hashable, Decodable {
    /// The 1-based line.
    public var line: Int
    /// The 1-based column.
    public var column: Int

    /// Creates a location.
    public init(line: Int, column: Int) {
      self.line = line
      self.column = column
    }
  }

  /// The server's explanation.
  public var message: String
  /// The path to the field that failed; empty for request-level errors.
  public var path: [PathComponent]
  /// Where in the document the error is.
  public var locations: [Location]

  /// Creates an error entry.
  public init(message: String, path: [PathComponent] = [], locations: [Location] = []) {
    self.message = message
    self.path = path
    self.locations = locations
  }

  private enum CodingKeys: String, CodingKey {
    case message, path, locations
  }

  /// Decodes an entry; `path` and `locations` are optional in the response.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    message = try container.decode(String.self, forKey: .message)
    path = try container.decodeIfPresent([PathComponent].self, forKey: .path) ?? []
    locations = try container.decodeIfPresent([Location].self, forKey: .locations) ?? []
  }

  /// The message, followed by the path when there is one (`Not found (at item.owner)`).
  public var description: String {
    guard !path.isEmpty else { return message.oneLine }
    return "\(message.oneLine) (at \(path.map(\.description).joined(separator: ".")))"
  }
}
