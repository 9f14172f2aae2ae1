import Repository

/// The body GitHub sends with an error status: `{"message", "documentation_url", "errors"}`.
public struct GitHubErrorResponse: Decodable, Sendable, Equatable {
  /// One entry of a 422 answer's `errors`.
  public struct Detail: Decodable, Sendable, Equatable {
    /// The kind of resource, e.g. `Search`.
    public var resource: String?
    /// The field at fault, e.g. `q`.
    public var field: String?
    /// What is wrong: `missing`, `invalid`, `already_exists`, …
    public var code: String?
    /// A sentence GitHub adds for some errors.
    public var message: String?

    /// Creates a detail.
    public init(resource: String? = nil, field: String? = nil, code: String? = nil, message: String? = nil) {
      self.resource = resource
      self.field = field
      self.code = code
      self.message = message
    }

    /// `field: message (code)`, or as much of it as GitHub gave.
    public var summary: String {
      var text = message ?? code.map { "\($0) value" } ?? "invalid"
      if let field { text = "\(field): \(text)" }
      if message != nil, let code { text += " (\(code))" }
      return text
    }
  }

  /// GitHub's explanation, e.g. `Validation Failed`.
  public var message: String?
  /// Where GitHub documents the endpoint.
  public var documentationUrl: String?
  /// Details of a validation failure.
  public var errors: [Detail]?

  /// Creates an error body.
  public init(message: String?, documentationUrl: String? = nil, errors: [Detail]? = nil) {
    self.message = message
    self.documentationUrl = documentationUrl
    self.errors = errors
  }

  private enum CodingKeys: String, CodingKey {
    case message, documentationUrl, errors
  }

  /// Decodes leniently: `errors` may be objects or plain strings, and an unreadable entry is dropped.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    message = try? container.decodeIfPresent(String.self, forKey: .message)
    documentationUrl = try? container.decodeIfPresent(String.self, forKey: .documentationUrl)
    if let details = try? container.decodeIfPresent([Detail].self, forKey: .errors) {
      errors = details
    } else if let texts = try? container.decodeIfPresent([String].self, forKey: .errors) {
      errors = texts.map { Detail(message: $0) }
    } else {
      errors = nil
    }
  }
}
