import Foundation

/// RFC 3986 percent-encoding for URL paths and query strings.
enum PercentEncoding {
  /// Bytes allowed as they are in a query name or value: only the unreserved characters, so that
  /// `+`, `&`, `=`, `%`, spaces (`%20`) and non-ASCII text are always escaped.
  private static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
      UInt8(ascii: "~"):
      return true
    default:
      return false
    }
  }

  /// Bytes allowed as they are in a path: unreserved, sub-delimiters, `:`, `@` and the `/` separator.
  private static func isPathCharacter(_ byte: UInt8) -> Bool {
    isUnreserved(byte) || "!$&'()*+,;=:@/".utf8.contains(byte)
  }

  /// `text` with every byte outside `allowed` written as `%XX` (UTF-8, upper-case hex).
  private static func encode(_ text: String, allowing allowed: (UInt8) -> Bool) -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      if allowed(byte) {
        bytes.append(byte)
      } else {
        bytes.append(contentsOf: [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A raw (not yet encoded) path, encoded; `/` separates segments.
  static func path(_ path: String) -> String {
    encode(path, allowing: isPathCharacter)
  }

  /// A query component (name or value), encoded.
  static func queryComponent(_ text: String) -> String {
    encode(text, allowing: isUnreserved)
  }

  /// `name=value&...` from raw items; an item without a value is just its name.
  static func query(_ items: [URLQueryItem]) -> String {
    items.map { item in
      let name = queryComponent(item.name)
      guard let value = item.value else { return name }
      return "\(name)=\(queryComponent(value))"
    }.joined(separator: "&")
  }
}
