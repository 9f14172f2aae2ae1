import Foundation

/// Writes command results as JSON on standard output, and nothing else there.
public enum JSONOutput {
  /// `value` as pretty-printed JSON with sorted keys, ending in a newline.
  public static func text<T: Encodable>(_ value: T) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
  }

  /// Writes `value` to the terminal's output.
  public static func write<T: Encodable>(_ value: T, to terminal: Terminal) throws {
    terminal.output.write(try text(value))
  }
}
