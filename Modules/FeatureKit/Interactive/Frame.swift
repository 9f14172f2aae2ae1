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

  /// The frame of `content` at `size`, under tabs naming `features` (the one at `current` marked).
  public init(
    features: [String], current: Int, content: ScreenContent, size: ScreenSize, style: ScreenStyle,
    help: [(key: String, meaning: String)]? = nil
  ) {
    let width = max(size.columns, 1)
    let bodyHeight = max(size.rows - 2, 0)
    var text: [String] = []
    var styled: [String] = []

    // The tabs, then the title.
    var tabs: [(String, Bool)] = features.enumerated().map { (" \($0.element) ", $0.offset == current) }
    tabs.append(("  " + DisplayWidth.singleLine(content.title), false))
    let (tabText, tabStyled) = Self.segments(tabs, width: width, style: style, reverse: "\u{1B}[7m")
    text.append(tabText)
    styled.append(tabStyled)

    // The body, or the keys.
    if let help {
      let keyWidth = help.map { DisplayWidth.of($0.key) }.max() ?? 0
      let lines = [""] + help.map { "  " + DisplayWidth.pad($0.key, to: keyWidth) + "  " + $0.meaning }
      for row in 0..<bodyHeight {
        let line = row < lines.count ? DisplayWidth.truncate(lines[row], to: width) : ""
        text.append(line)
        styled.append(line)
      }
    } else {
      for index in 0..<bodyHeight {
        // A gutter of one column marks the selection, so that it shows without colour or reverse video too.
        let gutter = index == content.selected ? (style.unicode ? "›" : ">") : " "
        let body = index < content.lines.count ? DisplayWidth.singleLine(content.lines[index]) : ""
        let line = body.isEmpty && gutter == " " ? "" : DisplayWidth.truncate(gutter + body, to: width)
        text.append(line)
        if index == content.selected {
          styled.append("\u{1B}[7m" + DisplayWidth.pad(line, to: width) + "\u{1B}[0m")
        } else {
          styled.append(line)
        }
      }
    }

    // The status.
    if size.rows >= 2 {
      let status = DisplayWidth.truncate(DisplayWidth.singleLine(content.status), to: width)
      text.append(status)
      styled.append(style.color && !status.isEmpty ? "\u{1B}[2m" + status + "\u{1B}[0m" : status)
    }
    self.text = Array(text.prefix(max(size.rows, 0)))
    self.styled = Array(styled.prefix(max(size.rows, 0)))
  }

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
      let shown = DisplayWidth.truncate(part, to: room)
      used += DisplayWidth.of(shown)
      text += shown
      styled += marked ? reverse + shown + "\u{1B}[0m" : (style.color ? "\u{1B}[1m" + shown + "\u{1B}[0m" : shown)
    }
    return (text, styled)
  }
}
