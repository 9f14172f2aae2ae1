import Foundation

/// Writes command results as JSON on standard output, and nothing else there.
public enum JSONOutput {
  /// `value` as pretty-printed JSON with sorted keys, ending in a newline; an empty array is `[]` and an empty
  /// object `{}`.
  public static func text<T: Encodable>(_ value: T) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    return String(decoding: closingEmptyCollections(try encoder.encode(value)), as: UTF8.self) + "\n"
  }

  /// Writes `value` to the terminal's output. A view calls it and goes on: when `value` cannot be encoded, nothing
  /// is written, and the process ends with a failure that says so, as when a write to a full disk fails.
  public static func write<T: Encodable>(_ value: T, to terminal: Terminal) {
    do {
      terminal.output.write(try text(value))
    } catch {
      StandardOutput.resultUnwritable(reason: "the result could not be encoded as JSON (\(error))")
    }
  }

  /// `json` with every empty array and object closed up to `[]` and `{}`.
  ///
  /// Foundation's `.prettyPrinted` on Linux writes an empty collection as its opening bracket, a blank line and its
  /// closing bracket. A raw line feed only ever stands between tokens (inside a string JSON escapes it as `\n`),
  /// so an opening bracket followed by nothing but line feeds and spaces, at least one line feed, up to a closing
  /// bracket is always an empty collection, never text.
  static func closingEmptyCollections(_ json: Data) -> Data {
    let bytes = [UInt8](json)
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      result.append(byte)
      index += 1
      guard byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") else { continue }
      var next = index
      while next < bytes.count, bytes[next] == UInt8(ascii: "\n") || bytes[next] == UInt8(ascii: " ") { next += 1 }
      let closing = byte == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: "}")
      if next < bytes.count, bytes[next] == closing, bytes[index..<next].contains(UInt8(ascii: "\n")) {
        index = next
      }
    }
    return Data(result)
  }
}

/// An optional field of a command's JSON that is written as `null` when absent, where the schema promises the key
/// (`"description": null`): synthesized `Encodable` conformances would leave the key out. Mark the property, and
/// the type keeps its synthesized conformance.
///
/// ```swift
/// struct RepoJSON: Encodable {
///   let fullName: String
///   @KeepsNull var description: String?
/// }
/// ```
@propertyWrapper
public struct KeepsNull<Value: Encodable & Sendable>: Encodable, Sendable {
  /// The field's value; `nil` is written as `null`.
  public var wrappedValue: Value?

  /// Wraps `wrappedValue`.
  public init(wrappedValue: Value?) {
    self.wrappedValue = wrappedValue
  }

  /// Writes the value, or `null`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
  }
}
