/// What a registration is known by in errors, reports and graphs: a type's name and an optional name.
public struct ServiceKey: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The registered type as written in code, without `any`.
  public let typeName: String
  /// The registration's name, if it has one.
  public let name: Name?

  /// Creates a key from a type name and an optional name.
  public init(typeName: String, name: Name? = nil) {
    self.typeName = typeName
    self.name = name
  }

  /// Creates the key of `type` registered under `name`.
  public init<T>(_ type: T.Type, name: Name? = nil) {
    self.init(typeName: Self.displayName(of: type), name: name)
  }

  /// `Type` or `Type[name]`.
  public var description: String {
    name.map { "\(typeName)[\($0.rawValue)]" } ?? typeName
  }

  /// Orders by description, so reports and graphs are stable.
  public static func < (lhs: ServiceKey, rhs: ServiceKey) -> Bool {
    lhs.description < rhs.description
  }

  /// The name of a type as a reader knows it: `ForecastRepository`, not `any ForecastRepository`.
  ///
  /// The same text as `String(describing: type)`, without its dynamic casts: each of those looks up a
  /// conformance of a new metatype, which scans every conformance in the binary once per process, and an app
  /// registers one type per key while it starts.
  static func displayName(of type: any Any.Type) -> String {
    let text = _typeName(type, qualified: false)
    return text.hasPrefix("any ") ? String(text.dropFirst(4)) : text
  }
}

/// The lookup key of a registration: the type's identity and the name. Cheap to hash.
struct RegistrationID: Hashable, Sendable {
  let type: ObjectIdentifier
  let name: Name?

  init<T>(_ type: T.Type, name: Name?) {
    self.type = ObjectIdentifier(type)
    self.name = name
  }
}
