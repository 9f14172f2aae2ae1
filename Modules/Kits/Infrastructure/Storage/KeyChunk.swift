/// Keys for a `key IN (…)` query, 500 at a time: SQLite takes at most 32,766 parameters in one statement, and a
/// screen asks for far fewer keys than a chunk holds.
public struct KeyChunk: Sendable {
  /// The keys of this chunk.
  public let keys: [String]
  /// `?, ?, …`: one placeholder per key, for the `IN (…)` list.
  public let marks: String

  /// `keys`, 500 at a time, in their order.
  public static func of(_ keys: [String]) -> [KeyChunk] {
    stride(from: 0, to: keys.count, by: 500).map { start in
      let chunk = Array(keys[start..<min(start + 500, keys.count)])
      return KeyChunk(keys: chunk, marks: Array(repeating: "?", count: chunk.count).joined(separator: ", "))
    }
  }
}
