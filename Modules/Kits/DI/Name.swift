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
  /// A hash of the text, made once: a container's lookup compares it before the text, so telling a type's names
  /// apart costs an integer comparison, not a string comparison, each.
  @usableFromInline let fingerprint: UInt64

  /// Creates a name; prefer a `static let` constant in an extension of `Name`.
  public init(_ rawValue: String) {
    self.rawValue = rawValue
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in rawValue.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    fingerprint = hash
  }

  /// Names are equal when their texts are.
  public static func == (lhs: Name, rhs: Name) -> Bool {
    lhs.rawValue == rhs.rawValue
  }

  /// Hashes the text, as equality compares it.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(rawValue)
  }

  /// Whether this is `other`: the fingerprints first, the texts only when those agree.
  @inlinable @inline(__always)
  func matches(_ other: Name) -> Bool {
    fingerprint == other.fingerprint && rawValue == other.rawValue
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
