/// A key (or a paste) read from the terminal in raw mode.
public enum Key: Hashable, Sendable {
  case up, down, left, right, pageUp, pageDown, home, end
  case enter, escape, backspace, tab, backTab
  /// Ctrl-C: quits from anywhere.
  case interrupt
  /// Ctrl-Z: suspends the app and gives the terminal back.
  case suspend
  /// Ctrl-U: clears a text field.
  case clearLine
  /// Ctrl-W: deletes the last word of a text field.
  case deleteWord
  /// A printable character, typed (or composed by an input method).
  case character(Character)
  /// Text pasted between bracketed-paste marks: one edit.
  case paste(String)
}

/// Turns the bytes a terminal sends in raw mode into keys.
///
/// Bytes may arrive split anywhere, even inside an escape sequence or a UTF-8 character: what cannot be decoded yet
/// is kept for the next ``feed(_:)``. A lone Esc cannot be told from the start of an arrow key's sequence until no
/// more bytes come; the reader calls ``flush()`` after a short quiet moment (the escape timeout), which turns a
/// pending Esc into ``Key/escape``.
public struct KeyDecoder: Sendable {
  private var pending: [UInt8] = []
  private var pasted: [UInt8]?

  /// A decoder with nothing pending.
  public init() {}

  /// Whether bytes wait for more to be decoded (the reader then waits only for the escape timeout).
  public var isPending: Bool { !pending.isEmpty }

  private static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
  private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

  /// The keys `bytes` complete, in order.
  public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
    pending.append(contentsOf: bytes)
    var keys: [Key] = []
    while !pending.isEmpty {
      if pasted != nil {
        guard let end = Self.range(of: Self.pasteEnd, in: pending) else {
          // Keep the tail that may be the start of the end mark.
          let keep = min(pending.count, Self.pasteEnd.count - 1)
          pasted?.append(contentsOf: pending.dropLast(keep))
          pending = Array(pending.suffix(keep))
          return keys
        }
        pasted?.append(contentsOf: pending[..<end.lowerBound])
        pending.removeSubrange(..<end.upperBound)
        keys.append(.paste(String(decoding: pasted ?? [], as: UTF8.self)))
        pasted = nil
        continue
      }
      guard let (key, used) = decodeOne() else { break }
      pending.removeFirst(used)
      if let key { keys.append(key) }
    }
    return keys
  }

  /// What is pending after the escape timeout: a lone Esc (or Esc and an unfinished sequence) is the Esc key.
  public mutating func flush() -> [Key] {
    guard !pending.isEmpty, pasted == nil else { return [] }
    if pending.first == 0x1B {
      pending.removeFirst()
      return [.escape] + feed([])
    }
    // An unfinished UTF-8 character that never finished: dropped.
    pending.removeAll()
    return []
  }

  /// The first key in `pending` and how many bytes it takes; `nil` when more bytes are needed. A `nil` key consumes
  /// bytes that mean nothing here (an unknown sequence).
  private mutating func decodeOne() -> (Key?, Int)? {
    let first = pending[0]
    switch first {
    case 0x1B:
      return decodeEscape()
    case 0x0D, 0x0A: return (.enter, 1)
    case 0x09: return (.tab, 1)
    case 0x7F, 0x08: return (.backspace, 1)
    case 0x03: return (.interrupt, 1)
    case 0x1A: return (.suspend, 1)
    case 0x15: return (.clearLine, 1)
    case 0x17: return (.deleteWord, 1)
    case 0x00..<0x20: return (nil, 1)
    default:
      return decodeCharacter()
    }
  }

  private mutating func decodeEscape() -> (Key?, Int)? {
    guard pending.count > 1 else { return nil }
    switch pending[1] {
    case UInt8(ascii: "["):
      // CSI: parameters and intermediates, then one final byte from @ to ~.
      guard let final = pending.dropFirst(2).firstIndex(where: { (0x40...0x7E).contains($0) }) else {
        return pending.count > 32 ? (nil, pending.count) : nil
      }
      let body = String(decoding: pending[2..<final], as: UTF8.self)
      let used = final + 1
      if Array(pending[..<used]) == Self.pasteStart {
        pasted = []
        return (nil, used)
      }
      return (Self.csiKey(body: body, final: pending[final]), used)
    case UInt8(ascii: "O"):
      guard pending.count > 2 else { return nil }
      let keys: [UInt8: Key] = [
        UInt8(ascii: "A"): .up, UInt8(ascii: "B"): .down, UInt8(ascii: "C"): .right, UInt8(ascii: "D"): .left,
        UInt8(ascii: "H"): .home, UInt8(ascii: "F"): .end,
      ]
      return (keys[pending[2]], 3)
    case 0x1B:
      // Esc pressed twice: the first is a key of its own.
      return (.escape, 1)
    default:
      // Alt and a key: read as the key alone.
      return (.escape, 1)
    }
  }

  private static func csiKey(body: String, final: UInt8) -> Key? {
    switch final {
    case UInt8(ascii: "A"): return .up
    case UInt8(ascii: "B"): return .down
    case UInt8(ascii: "C"): return .right
    case UInt8(ascii: "D"): return .left
    case UInt8(ascii: "H"): return .home
    case UInt8(ascii: "F"): return .end
    case UInt8(ascii: "Z"): return .backTab
    case UInt8(ascii: "~"):
      switch body.split(separator: ";").first {
      case "1", "7": return .home
      case "4", "8": return .end
      case "5": return .pageUp
      case "6": return .pageDown
      default: return nil
      }
    default: return nil
    }
  }

  /// One UTF-8 character; a byte that cannot start one is skipped.
  private func decodeCharacter() -> (Key?, Int)? {
    let first = pending[0]
    let length =
      first < 0x80 ? 1 : first >> 5 == 0b110 ? 2 : first >> 4 == 0b1110 ? 3 : first >> 3 == 0b11110 ? 4 : 0
    guard length > 0 else { return (nil, 1) }
    guard pending.count >= length else { return nil }
    guard let text = String(validating: pending[..<length], as: UTF8.self), let character = text.first else {
      return (nil, 1)
    }
    return (.character(character), length)
  }

  private static func range(of needle: [UInt8], in haystack: [UInt8]) -> Range<Int>? {
    guard haystack.count >= needle.count else { return nil }
    for start in 0...(haystack.count - needle.count) where haystack[start..<start + needle.count].elementsEqual(needle)
    {
      return start..<start + needle.count
    }
    return nil
  }
}
