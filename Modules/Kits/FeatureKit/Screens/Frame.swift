/// One frame of `app ui`: every row of the terminal, drawn in one write.
///
/// Row 1 holds the features' tabs and the screen's title, the last row the status, and the rows between them the
/// screen's body from its first shown line. Lines are cut to the width by display width (CJK takes two columns),
/// never wrapped. The selection is in reverse video, which `NO_COLOR` keeps.
public struct Frame: Hashable, Sendable {
  /// The rows as text, without escape sequences: what a test compares to its golden file.
  public let text: [String]
  /// The rows with their styles.
  let styled: [String]
  /// The status rows, the last of ``text``: one, or two for a message and its hint.
  public let status: [String]

  /// What `?` shows instead of a screen's body: the whole status message (which the status rows may cut), then the
  /// keys, from line ``top`` on.
  public struct Help: Sendable {
    /// The screen's keys, then the session's.
    public var keys: [(key: String, meaning: String)]
    /// The first line shown: the list scrolls when it is longer than the body.
    public var top: Int

    /// The list of `keys`, from line `top`.
    public init(keys: [(key: String, meaning: String)], top: Int = 0) {
      self.keys = keys
      self.top = top
    }

    /// The lines of the list at `width`, under the status message `message` when there is one. A key's text is
    /// wrapped at spaces, never cut: beside its key when they fit on one line, else on the lines under the key.
    public func lines(message: String, width: Int, style: ScreenStyle) -> [String] {
      let keyWidth = keys.map { DisplayWidth.of(Frame.plain($0.key, style)) }.max() ?? 0
      let said = message.isEmpty ? [] : Frame.wrapped(message, width: width - 2, style: style).map { "  " + $0 } + [""]
      return [""] + said
        + keys.flatMap { key, meaning in
          let key = Frame.plain(key, style)
          let meaning = Frame.plain(meaning, style)
          let line = "  " + DisplayWidth.pad(key, to: keyWidth) + "  " + meaning
          guard DisplayWidth.of(line) > width else { return [line] }
          return ["  " + key] + Frame.wrapped(meaning, width: width - 4, style: style).map { "    " + $0 }
        }
    }
  }

  /// The most rows the status takes: a failure's title and its hint (`?` shows a longer message whole).
  static let maximumStatusRows = 2

  /// The rows the status of `content` takes at `size`: one, or two when it is wider than a row (a title and its
  /// hint) and the terminal has rows to spare: more than 6, so that a screen of 6 rows keeps its body.
  public static func statusRows(of status: String, size: ScreenSize, style: ScreenStyle) -> Int {
    guard size.rows >= 2 else { return 0 }
    // Most statuses are one line that fits: counted without wrapping, which every frame would pay.
    guard size.rows > 6, status.contains("\n") || DisplayWidth.of(status) > size.columns else { return 1 }
    return rows(wrapped: wrapped(status, width: max(size.columns, 1), style: style).count, size: size)
  }

  /// The rows `lines` lines of status take at `size`.
  private static func rows(wrapped lines: Int, size: ScreenSize) -> Int {
    guard size.rows >= 2 else { return 0 }
    return size.rows > 6 ? min(max(lines, 1), maximumStatusRows) : 1
  }

  /// The status row's text of `content` at `width`: its status, then its hints as they fit
  /// (``KeyHint/line(_:hints:width:)``).
  public static func statusText(of content: ScreenContent, width: Int) -> String {
    KeyHint.line(content.status, hints: content.hints, width: max(width, 1))
  }

  /// The frame of `content` at `size`, under tabs naming `features` (the one at `current` marked); the body is
  /// `help`'s list when it is given.
  public init(
    features: [String], current: Int, content: ScreenContent, size: ScreenSize, style: ScreenStyle,
    help: Help? = nil
  ) {
    let width = max(size.columns, 1)
    let statusText = Self.statusText(of: content, width: width)
    let statusLines = help == nil ? Self.wrapped(statusText, width: width, style: style) : []
    let statusRows = Self.rows(wrapped: statusLines.count, size: size)
    let bodyHeight = max(size.rows - 1 - statusRows, 0)
    var text: [String] = []
    var styled: [String] = []

    // The tabs, then the title.
    var tabs: [(String, Bool)] = features.enumerated().map { (" \($0.element) ", $0.offset == current) }
    tabs.append(("  " + Self.plain(DisplayWidth.singleLine(content.title), style), false))
    let (tabText, tabStyled) = Self.segments(tabs, width: width, style: style, reverse: "\u{1B}[7m")
    text.append(tabText)
    styled.append(tabStyled)

    // The body, or the keys.
    let helpLines = help.map { $0.lines(message: content.status, width: width, style: style) }
    if let help, let lines = helpLines {
      for row in 0..<bodyHeight {
        let index = help.top + row
        let line = index < lines.count ? Self.cut(lines[index], to: width, style: style) : ""
        text.append(line)
        styled.append(line)
      }
    } else {
      for index in 0..<bodyHeight {
        // A gutter of one column marks the selection, so that it shows without colour or reverse video too.
        let gutter = index == content.selected ? (style.unicode ? "›" : ">") : " "
        let body = index < content.lines.count ? Self.plain(DisplayWidth.singleLine(content.lines[index]), style) : ""
        let line = body.isEmpty && gutter == " " ? "" : Self.cut(gutter + body, to: width, style: style)
        text.append(line)
        if index == content.selected {
          styled.append("\u{1B}[7m" + DisplayWidth.pad(line, to: width) + "\u{1B}[0m")
        } else {
          styled.append(line)
        }
      }
    }

    // The status: what `?` says when the list of keys is shown, else the screen's, on as many rows as it has.
    let status =
      helpLines.map { lines in
        [lines.count > bodyHeight ? "↑ ↓ scroll; any other key closes" : "Any key closes this list."]
          .map { Self.cut(Self.plain($0, style), to: width, style: style) }
      } ?? statusLines
    for row in 0..<statusRows {
      var line = row < status.count ? status[row] : ""
      if row == statusRows - 1, status.count > statusRows {
        // More than the rows hold: the last row says so, and `?` shows the whole message.
        let mark = style.unicode ? "…" : "~"
        line = DisplayWidth.of(line) < width ? line + mark : Self.cut(line + mark, to: width, style: style)
      }
      text.append(line)
      styled.append(style.color && !line.isEmpty ? "\u{1B}[2m" + line + "\u{1B}[0m" : line)
    }
    self.status = Array(text.suffix(statusRows))
    self.text = Array(text.prefix(max(size.rows, 0)))
    self.styled = Array(styled.prefix(max(size.rows, 0)))
  }

  /// `text` on one row of `width` columns: cut with an ellipsis, ASCII without Unicode.
  static func cut(_ text: String, to width: Int, style: ScreenStyle) -> String {
    let cut = DisplayWidth.truncate(text, to: width)
    return style.unicode || !cut.hasSuffix("…") ? cut : String(cut.dropLast()) + "~"
  }

  /// `status` in rows of at most `width` columns: a row a line of it, each broken at spaces.
  static func wrapped(_ status: String, width: Int, style: ScreenStyle) -> [String] {
    if !status.contains("\n") {
      // One line that fits, as most statuses are: nothing to break or cut.
      let line = Self.plain(DisplayWidth.singleLine(status), style)
      if DisplayWidth.of(line) <= width { return line.isEmpty ? [] : [line] }
    }
    return status.split(separator: "\n").flatMap { line in
      DisplayWidth.wrapped(Self.plain(DisplayWidth.singleLine(String(line)), style), to: width)
        .split(separator: "\n").map { Self.cut(String($0), to: width, style: style) }
    }
  }

  /// The app's own marks in ASCII when the terminal's locale is not UTF-8 (`LANG=C`), each as wide as the mark it
  /// stands for, so that columns stay aligned: `…` becomes `~`, `·` `-`, arrows `^ v < >`, `★` `*`.
  static func plain(_ text: String, _ style: ScreenStyle) -> String {
    guard !style.unicode, text.unicodeScalars.contains(where: { !$0.isASCII }) else { return text }
    var result = ""
    for character in text {
      result += asciiMarks[character].map(String.init) ?? String(character)
    }
    return result
  }

  private static let asciiMarks: [Character: Character] = [
    "…": "~", "·": "-", "↑": "^", "↓": "v", "←": "<", "→": ">", "★": "*", "☆": "+", "›": ">", "▏": "_", "—": "-",
    "–": "-",
  ]

  /// The bytes that draw the frame over the previous one: in synchronized output (a terminal that knows it shows
  /// the whole frame at once), from the top-left corner, each row ending with "erase to the end of the line".
  public var encoded: String {
    var out = "\u{1B}[?2026h\u{1B}[H"
    for (index, row) in styled.enumerated() {
      out += row + "\u{1B}[K"
      if index < styled.count - 1 { out += "\r\n" }
    }
    return out + "\u{1B}[?2026l"
  }

  /// Segments side by side, cut to `width`; the marked ones in `reverse`.
  private static func segments(
    _ parts: [(String, Bool)], width: Int, style: ScreenStyle, reverse: String
  ) -> (String, String) {
    var text = ""
    var styled = ""
    var used = 0
    for (part, marked) in parts {
      let room = width - used
      guard room > 0 else { break }
      let shown = cut(part, to: room, style: style)
      used += DisplayWidth.of(shown)
      text += shown
      styled += marked ? reverse + shown + "\u{1B}[0m" : (style.color ? "\u{1B}[1m" + shown + "\u{1B}[0m" : shown)
    }
    return (text, styled)
  }
}
