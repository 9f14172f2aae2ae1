/// The HTTP protocol version a transfer used, as negotiated with the server (ALPN over TLS).
public struct HTTPVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The major version: 1, 2 or 3.
  public var major: Int
  /// The minor version: 0 or 1 for HTTP/1, else 0.
  public var minor: Int

  /// Creates a version.
  public init(major: Int, minor: Int = 0) {
    self.major = major
    self.minor = minor
  }

  /// HTTP/1.0.
  public static let http10 = HTTPVersion(major: 1, minor: 0)
  /// HTTP/1.1.
  public static let http11 = HTTPVersion(major: 1, minor: 1)
  /// HTTP/2.
  public static let http2 = HTTPVersion(major: 2)
  /// HTTP/3.
  public static let http3 = HTTPVersion(major: 3)

  /// `HTTP/1.1`, `HTTP/2`...
  public var description: String {
    major >= 2 ? "HTTP/\(major)" : "HTTP/\(major).\(minor)"
  }

  /// Orders versions by major, then minor number.
  public static func < (lhs: HTTPVersion, rhs: HTTPVersion) -> Bool {
    (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
  }
}
