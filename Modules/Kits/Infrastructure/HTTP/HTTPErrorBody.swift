import Foundation

/// The JSON body an API sends with an error status, as far as JSON APIs share it: a `message`, and `errors`, the
/// list GraphQL answers with and many REST APIs give their validation failures in.
///
/// Decoding is lenient, so that a body only partly in this shape still says what it can: a member that is not text
/// counts as absent, an entry of `errors` may be an object or a plain string (its message), and an entry that is
/// neither is dropped.
public struct HTTPErrorBody: Decodable, Sendable, Equatable {
  /// One entry of `errors`: its message and, for a validation failure, the field at fault and a code saying what
  /// is wrong with it (`missing`, `invalid`, …).
  public struct Entry: Decodable, Sendable, Equatable {
    /// What went wrong, in a sentence.
    public var message: String?
    /// The field at fault.
    public var field: String?
    /// What is wrong with it.
    public var code: String?

    /// Creates an entry.
    public init(message: String? = nil, field: String? = nil, code: String? = nil) {
      self.message = message
      self.field = field
      self.code = code
    }

    private enum CodingKeys: String, CodingKey {
      case message, field, code
    }

    /// Decodes a plain string as an entry's message, and an object's members that are text.
    public init(from decoder: any Decoder) throws {
      if let text = try? decoder.singleValueContainer().decode(String.self) {
        self.init(message: text)
        return
      }
      let container = try decoder.container(keyedBy: CodingKeys.self)
      self.init(
        message: try? container.decodeIfPresent(String.self, forKey: .message),
        field: try? container.decodeIfPresent(String.self, forKey: .field),
        code: try? container.decodeIfPresent(String.self, forKey: .code))
    }
  }

  /// An entry of `errors`, or `nil` for one that is neither an object nor a string.
  private struct Readable: Decodable {
    let entry: Entry?

    init(from decoder: any Decoder) throws {
      entry = try? Entry(from: decoder)
    }
  }

  /// The server's explanation, e.g. `Not Found`.
  public var message: String?
  /// The entries of `errors`, `nil` when the body has none that can be read.
  public var errors: [Entry]?

  /// Creates a body.
  public init(message: String?, errors: [Entry]? = nil) {
    self.message = message
    self.errors = errors
  }

  /// The body `data` holds, or `nil` when it is not a JSON object.
  public init?(decoding data: Data) {
    guard let body = try? JSONDecoder().decode(Self.self, from: data) else { return nil }
    self = body
  }

  private enum CodingKeys: String, CodingKey {
    case message, errors
  }

  /// Decodes leniently: a `message` that is not text is absent, and of `errors` only the entries that can be read.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    message = try? container.decodeIfPresent(String.self, forKey: .message)
    errors = (try? container.decodeIfPresent([Readable].self, forKey: .errors))?.compactMap(\.entry)
  }

  /// What the server says went wrong: `message` when it is not empty, else the first message among `errors`.
  public var serverMessage: String? {
    if let message, !message.isEmpty { return message }
    return errors?.lazy.compactMap(\.message).first
  }
}
