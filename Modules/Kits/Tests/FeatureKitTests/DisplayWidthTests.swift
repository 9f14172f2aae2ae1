import FeatureKit
import TestScheduling
import Testing

@Suite(.untimed) struct DisplayWidthTests {
  @Test(arguments: [
    ("Swift", 5), ("Swiftではじめるプログラミング", 29), ("日本語", 6), ("ｶﾀｶﾅ", 4), ("Ｓｗｉｆｔ", 10),
    ("é", 1), ("e\u{301}", 1), ("🚀", 2), ("❤️", 2), ("", 0), ("한국어", 6),
  ])
  func widthCountsColumns(text: String, columns: Int) {
    #expect(DisplayWidth.of(text) == columns)
  }

  /// Printable ASCII is counted a byte a column; every other text, ASCII controls included, character by
  /// character: both give what the characters add up to.
  @Test func aWholeTextTakesWhatItsCharactersTake() {
    let printable = String(decoding: (0x20..<0x7F).map { UInt8($0) }, as: UTF8.self)
    let texts = [
      printable, "Vapor from Scratch", "tab\there", "line\r\nbreak", "bell\u{7}", "del\u{7F}", "e\u{301}x",
      "Swift 入門", "❤️ Swift", "zero\u{200B}width",
    ]
    for text in texts {
      #expect(DisplayWidth.of(text) == text.reduce(0) { $0 + DisplayWidth.of($1) }, "\(text.debugDescription)")
    }
    #expect(DisplayWidth.of(printable) == 95)
    #expect(DisplayWidth.of("tab\there") == 7, "a control character takes no column")
  }

  @Test func truncateNeverSplitsAWideCharacterAcrossTheLimit() {
    #expect(DisplayWidth.truncate("日本語のタイトル", to: 7) == "日本語…")
    #expect(DisplayWidth.of(DisplayWidth.truncate("日本語のタイトル", to: 7)) == 7)
    #expect(DisplayWidth.truncate("日本語のタイトル", to: 8) == "日本語…")
    #expect(DisplayWidth.truncate("short", to: 10) == "short")
    #expect(DisplayWidth.truncate("exactly10!", to: 10) == "exactly10!")
    #expect(DisplayWidth.truncate("abcdef", to: 1) == "…")
    #expect(DisplayWidth.truncate("abcdef", to: 0) == "")
    #expect(DisplayWidth.truncate("Hello world", to: 7) == "Hello…", "no space before the ellipsis")
  }

  @Test func padFillsToTheColumnCount() {
    #expect(DisplayWidth.pad("日本", to: 6) == "日本  ")
    #expect(DisplayWidth.pad("ab", to: 4) == "ab  ")
    #expect(DisplayWidth.pad("toolong", to: 3) == "toolong")
  }

  @Test func singleLineRemovesEscapesAndLineBreaks() {
    #expect(DisplayWidth.singleLine("red\u{1B}[31m text\nnext\tcol") == "red[31m text next col")
    #expect(DisplayWidth.singleLine("bell\u{07}\u{9B}2J") == "bell2J")
    #expect(DisplayWidth.singleLine("日本語 ok") == "日本語 ok")
    #expect(DisplayWidth.singleLine("plain ASCII, ~ and all") == "plain ASCII, ~ and all")
    #expect(DisplayWidth.singleLine("del\u{7F}ete") == "delete")
  }
}
