/// An ordered list of HTTP header fields with case-insensitive lookup by name.
///
/// Printing a value redacts credentials (`Authorization`, `Cookie`, ...), so headers are safe to log.
public struct HTTPHeaders: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral, CustomStringConvertible {
  /// One header field: a name and its value.
  public struct Field: Sendable, Hashable {
    /// The field name as given (compare names case-insensitively).
    public var name: String
    /// The field value.
    public var value: String

    /// Creates a field.
    public init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  /// Names whose values are credentials and are never printed.
  static let sensitiveNames: Set<String> = ["authorization", "proxy-authorization", "cookie", "set-cookie"]

  /// The fields in order.
  public private(set) var fields: [Field]

  /// Creates an empty header list.
  public init() {
    fields = []
  }

  /// Creates a header list from name/value pairs, keeping their order.
  public init(_ pairs: [(String, String)]) {
    fields = pairs.map { Field(name: $0.0, value: $0.1) }
  }

  /// Creates a header list from fields, keeping their order.
  public init(fields: [Field]) {
    self.fields = fields
  }

  /// Creates a header list from a dictionary literal, keeping the literal's order.
  public init(dictionaryLiteral elements: (String, String)...) {
    self.init(elements)
  }

  /// The number of fields.
  public var count: Int { fields.count }

  /// Whether there are no fields.
  public var isEmpty: Bool { fields.isEmpty }

  /// The first value for `name` (case-insensitive); setting replaces every field of that name, `nil` removes them.
  public subscript(name: String) -> String? {
    get { fields.first { $0.name.caseInsensitiveEquals(name) }?.value }
    set {
      guard let newValue else {
        remove(name)
        return
      }
      guard let first = fields.firstIndex(where: { $0.name.caseInsensitiveEquals(name) }) else {
        fields.append(Field(name: name, value: newValue))
        return
      }
      fields[first].value = newValue
      fields = fields.enumerated()
        .filter { index, field in index == first || !field.name.caseInsensitiveEquals(name) }
        .map(\.element)
    }
  }

  /// Every value for `name` (case-insensitive), in order.
  public func values(for name: String) -> [String] {
    fields.filter { $0.name.caseInsensitiveEquals(name) }.map(\.value)
  }

  /// Whether a field named `name` (case-insensitive) is present.
  public func contains(_ name: String) -> Bool {
    fields.contains { $0.name.caseInsensitiveEquals(name) }
  }

  /// Appends a field, keeping any existing fields of the same name.
  public mutating func add(name: String, value: String) {
    fields.append(Field(name: name, value: value))
  }

  /// Removes every field named `name` (case-insensitive).
  public mutating func remove(_ name: String) {
    fields.removeAll { $0.name.caseInsensitiveEquals(name) }
  }

  /// Returns these headers with `other`'s fields replacing same-named ones.
  public func merging(_ other: HTTPHeaders) -> HTTPHeaders {
    var merged = self
    for name in Set(other.fields.map { $0.name.lowercased() }) {
      merged.remove(name)
    }
    merged.fields.append(contentsOf: other.fields)
    return merged
  }

  /// Iterates over the fields in order.
  public func makeIterator() -> IndexingIterator<[Field]> {
    fields.makeIterator()
  }

  /// The fields as `Name: value` lines joined by `, `, with credential values redacted.
  public var description: String {
    fields.map { field in
      let value = Self.sensitiveNames.contains(field.name.lowercased()) ? "<redacted>" : field.value
      return "\(field.name): \(value)"
    }.joined(separator: ", ")
  }
}

extension String {
  /// Whether two ASCII header names are equal ignoring case.
  func caseInsensitiveEquals(_ other: String) -> Bool {
    utf8.count == other.utf8.count && lowercased() == other.lowercased()
  }
}
