/// A typed name that tells apart several registrations of one type.
///
/// Declare names once, as constants, instead of scattering strings:
/// ```swift
/// extension Name { public static let weather = Name("weather") }
/// registrar.register(HTTPClient.self, name: .weather) { _ in ... }
/// ```
public struct Name: Hashable, Sendable, CustomStringConvertible {
  /// The name's text, as shown in errors and graphs.
  public let rawValue: String

  /// Creates a name; prefer a `static let` constant in an extension of `Name`.
  public init(_ rawValue: String) {
    self.rawValue = rawValue
  }

  /// The name's text.
  public var description: String { rawValue }
}

extension Name {
  /// The local (cache-only) implementation of a type.
  public static let local = Name("local")
  /// The remote (origin) implementation of a type.
  public static let remote = Name("remote")
}
