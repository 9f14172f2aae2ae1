import Synchronization

/// Counts the terminal rows the cursor has moved down since a mark, from the text written to the terminal: line
/// feeds, and lines that wrap at the terminal's width (measured with ``DisplayWidth``). Escape sequences take no
/// room, and a carriage return goes back to the line's start.
///
/// A screen redrawn in place moves the cursor back up to where it was drawn; that is only safe when every row
/// written since, notes and warnings on standard error included, is still on the screen. The terminal's output
/// and error streams both pass through one counter, so it sees everything that went to the terminal.
public final class RowCounter: Sendable {
  private struct Cursor {
    var column = 0
    var rows = 0
    var escape = Escape.none
  }

  private enum Escape {
    case none, started, controlSequence
  }

  /// The terminal's width in columns.
  public let columns: Int
  private let cursor = Mutex(Cursor())

  /// A counter for a terminal `columns` wide, with the cursor at the start of a line.
  public init(columns: Int) {
    self.columns = max(columns, 1)
  }

  /// The rows the cursor moved down since the last ``mark()``: a line feed or a wrap is one row each.
  public var rowsSinceMark: Int { cursor.withLock { $0.rows } }

  /// Marks where the cursor is now (at the start of a line, as after a line feed or a carriage return).
  public func mark() {
    cursor.withLock { $0 = Cursor() }
  }

  /// Follows the cursor over `text`; with `fromLineStart`, the text is written at the start of the line (as a
  /// line written beside a spinner is: its line is erased first).
  public func advance(over text: String, fromLineStart: Bool = false) {
    cursor.withLock { cursor in
      if fromLineStart { cursor.column = 0 }
      for character in text {
        Self.step(&cursor, over: character, columns: columns)
      }
    }
  }

  /// How many rows `lines` take on a terminal `columns` wide when each is written followed by a line feed.
  public static func rows<S: Sequence<String>>(of lines: S, columns: Int) -> Int {
    let counter = RowCounter(columns: columns)
    for line in lines {
      counter.advance(over: line + "\n")
    }
    return counter.rowsSinceMark
  }

  private static func step(_ cursor: inout Cursor, over character: Character, columns: Int) {
    switch cursor.escape {
    case .started:
      cursor.escape = character == "[" ? .controlSequence : .none
      return
    case .controlSequence:
      if let scalar = character.unicodeScalars.first, (0x40...0x7E).contains(scalar.value) {
        cursor.escape = .none
      }
      return
    case .none:
      break
    }
    switch character {
    case "\u{1B}":
      cursor.escape = .started
    case "\n", "\r\n":
      cursor.rows += 1
      cursor.column = 0
    case "\r":
      cursor.column = 0
    default:
      if let scalar = character.unicodeScalars.first, scalar.value < 0x20 || scalar.value == 0x7F { return }
      let width = DisplayWidth.of(character)
      guard width > 0 else { return }
      // A terminal wraps when a character no longer fits, not when the last column is filled: a line exactly as
      // wide as the terminal, then a line feed, takes one row.
      if cursor.column + width > columns {
        cursor.rows += 1
        cursor.column = 0
      }
      cursor.column += width
    }
  }
}

extension Terminal {
  /// Writes `lines` to be replaced later (a cached screen while the origin answers), when they and `reserving`
  /// more rows fit in the terminal's height, and marks where they start; returns whether it wrote them. A redraw
  /// moves the cursor back up to their first row, and a row already pushed into the scrollback cannot be reached,
  /// so on a terminal of unknown size, or piped, nothing is written.
  public func drawReplaceable(_ lines: [String], reserving: Int) -> Bool {
    guard let rowCounter, let rows else { return false }
    guard RowCounter.rows(of: lines, columns: rowCounter.columns) + reserving <= rows else { return false }
    rowCounter.mark()
    output.write(lines.joined(separator: "\n") + "\n")
    return true
  }

  /// Erases every row written since ``drawReplaceable(_:reserving:)`` drew, one by one from the cursor's row up,
  /// and leaves the cursor at the first row it drew. (Erasing to the end of the screen from there would make some
  /// terminals, tmux among them, push the screen into the scrollback first.) Rows that scrolled out of the terminal
  /// cannot be reached; only the visible ones are erased.
  public func eraseReplaceable() {
    guard let rowCounter, let rows else { return }
    let drawn = min(rowCounter.rowsSinceMark, rows - 1)
    output.write("\r\u{1B}[2K" + String(repeating: "\u{1B}[1A\u{1B}[2K", count: max(drawn, 0)))
    rowCounter.mark()
  }
}
