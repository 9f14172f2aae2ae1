extension DisplayWidth {
  /// `text` with every line wider than `width` columns broken at spaces, so that a terminal never cuts a word in
  /// two: the spaces where a line breaks are dropped, and each continuation keeps the line's indentation.
  ///
  /// Only plain lines are wrapped. A line holding a control character (an escape sequence, a carriage return, a
  /// tab) is drawn by the app itself, as a spinner's frame is, and passes unchanged; so does a word wider than
  /// `width`, which stays where it is for the terminal to cut, since no break could make it fit.
  public static func wrapped(_ text: String, to width: Int) -> String {
    guard width > 0, text.contains(" ") else { return text }
    return text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { wrappedLine(String($0), to: width) }
      .joined(separator: "\n")
  }

  private static func wrappedLine(_ line: String, to width: Int) -> String {
    guard of(line) > width, !line.unicodeScalars.contains(where: isControl) else { return line }
    let indent = String(line.prefix { $0 == " " })
    // A continuation is indented as its line only when that leaves room for words.
    let continuation = of(indent) * 2 <= width ? indent : ""
    var lines: [String] = []
    var current = indent
    var currentWidth = of(indent)
    var holdsWord = false
    for (gap, word) in words(of: line.dropFirst(indent.count)) {
      let wordWidth = of(word)
      let gapWidth = of(gap)
      let fits = currentWidth + gapWidth + wordWidth <= width
      // Breaking helps only when the word then fits on a line of its own.
      if holdsWord, !fits, of(continuation) + wordWidth <= width {
        lines.append(current)
        current = continuation + word
        currentWidth = of(continuation) + wordWidth
      } else {
        current += gap + word
        currentWidth += gapWidth + wordWidth
      }
      holdsWord = true
    }
    lines.append(current)
    return lines.joined(separator: "\n")
  }

  /// The words of `text`, each with the run of spaces before it; spaces at the end are dropped.
  private static func words(of text: Substring) -> [(gap: String, word: String)] {
    var result: [(gap: String, word: String)] = []
    var gap = ""
    var word = ""
    for character in text {
      if character == " " {
        if !word.isEmpty {
          result.append((gap, word))
          gap = ""
          word = ""
        }
        gap.append(character)
      } else {
        word.append(character)
      }
    }
    if !word.isEmpty { result.append((gap, word)) }
    return result
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}
