/// A secret API token that never shows itself: printing, dumping, reflecting and encoding it all give
/// `<redacted token>`.
///
/// The raw value is reachable only through ``authorizationHeaderValue()``, which the HTTP layer calls when it
/// builds the `Authorization` header for the API host.
public struct AccessToken: Sendable, Equatable {
  /// What every textual form of a token shows instead of the token.
  public static let redacted = "<redacted token>"

  private let secret: String

  /// Creates a token; `nil` when `raw` is empty or contains whitespace or control characters
  /// (a token with a line break would inject HTTP headers).
  public init?(_ raw: String) {
    guard !raw.isEmpty, !raw.unicodeScalars.contains(where: Self.isForbidden) else { return nil }
    secret = raw
  }

  /// The value of the HTTP `Authorization` header for this token: `Bearer <token>`.
  ///
  /// The only way to read the secret; call it when building the request to the API host, nowhere else.
  public func authorizationHeaderValue() -> String {
    "Bearer \(secret)"
  }

  /// The SHA-256 of the token, in hex: what keys the data kept per token (a token's own answers, its waiting
  /// changes), so another token never reads them and the token itself never reaches the database.
  public var fingerprint: String {
    SHA256Digest.hex(secret)
  }

  private static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isWhitespace || scalar.value < 0x20 || scalar.value == 0x7F
  }
}

extension AccessToken: CustomStringConvertible, CustomDebugStringConvertible {
  /// Always `<redacted token>`.
  public var description: String { Self.redacted }

  /// Always `<redacted token>`.
  public var debugDescription: String { Self.redacted }
}

extension AccessToken: CustomReflectable {
  /// A mirror with no children, so `dump` and reflection show nothing of the secret.
  public var customMirror: Mirror {
    Mirror(self, children: [], displayStyle: nil)
  }
}

extension AccessToken: Encodable {
  /// Encodes `<redacted token>`, never the secret.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(Self.redacted)
  }
}
