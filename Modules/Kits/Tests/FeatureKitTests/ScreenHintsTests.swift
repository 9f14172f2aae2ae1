import ScreenTesting
import TestScheduling
import Testing

@testable import FeatureKit

/// What a screen's status row and `?` say: the keys that act on the screen after its message, shortened by one rule
/// at narrow widths; the latest message whole under `?`; each key's text wrapped, never cut.
@Suite(.untimed) struct ScreenHintsTests {
  static let hints = [KeyHint("Enter", "open"), KeyHint("m", "mark"), KeyHint("r", "refresh"), .help]

  @Test func theHintsFollowTheMessageWhenTheyFit() {
    #expect(
      KeyHint.line("Items as of just now", hints: Self.hints, width: 80)
        == "Items as of just now · Enter: open · m: mark · r: refresh · ?: keys")
    #expect(KeyHint.line("", hints: Self.hints, width: 80) == "Enter: open · m: mark · r: refresh · ?: keys")
    #expect(KeyHint.line("Loading…", hints: [], width: 80) == "Loading…")
  }

  /// Narrower, each hint from the last loses its word, then the hints go from the last, `?` last of all: a word is
  /// never cut.
  @Test(arguments: [
    (60, "Items as of just now · Enter: open · m: mark · r · ?"),
    (50, "Items as of just now · Enter: open · m · r · ?"),
    (40, "Items as of just now · Enter · m · r · ?"),
    (38, "Items as of just now · Enter · m · ?"),
    (34, "Items as of just now · Enter · ?"),
    (24, "Items as of just now · ?"),
    (23, "Items as of just now"),
    (18, "Items as of just now"),
  ])
  func narrowerTheHintsShortenByOneRule(width: Int, line: String) {
    #expect(KeyHint.line("Items as of just now", hints: Self.hints, width: width) == line)
  }

  @Test func aDetailsHintsAloneShortenToTheirKeysAt20Columns() {
    let hints = [KeyHint("m", "mark"), KeyHint("Enter", "open an item"), KeyHint("Esc", "back"), .help]
    #expect(KeyHint.line("", hints: hints, width: 20) == "m · Enter · Esc · ?")
    #expect(KeyHint.line("", hints: hints, width: 40) == "m: mark · Enter: open an item · Esc · ?")
  }

  /// At 20 columns the list of keys wraps each key's text under its key, where key and text do not fit on a line.
  @Test(arguments: [20, 40])
  func theListOfKeysWrapsEachTextInsteadOfCuttingIt(width: Int) {
    let keys =
      [("*", "mark the selected item (again: unmark it); needs a token")] + ScreenSession.sessionKeys(tabs: true)
    let lines = Frame.Help(keys: keys).lines(message: "", width: width, style: ScreenStyle(color: false, unicode: true))
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= width }, "\(lines)")
    #expect(!lines.contains { $0.contains("…") }, "\(lines)")
    let mark = lines.firstIndex(of: "  *") ?? lines.firstIndex { $0.hasPrefix("  *  ") }
    let said = lines[(mark ?? 0)...].dropFirst().prefix { $0.hasPrefix("    ") }.map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    #expect(lines.contains("  *"), "the key alone, its text under it: \(lines)")
    #expect(said.joined(separator: " ") == "mark the selected item (again: unmark it); needs a token", "\(lines)")
    #expect(lines.contains("  Esc  Backspace") || width >= 40, "\(lines)")
  }

  @Test func atEightyColumnsEachKeyAndItsTextShareALine() {
    let keys = [("*", "mark the selected item (again: unmark it); needs a token")]
    let lines = Frame.Help(keys: keys).lines(message: "", width: 80, style: ScreenStyle(color: false, unicode: true))
    #expect(lines == ["", "  *  mark the selected item (again: unmark it); needs a token"])
  }

  /// `?` shows what the last key did, and a note written while the screen was drawn, not the status under them.
  @Test func questionMarkShowsTheLatestMessage() async throws {
    let run = ScreenRecorder(features: ScreenSessionTests.features, size: ScreenSize(columns: 40, rows: 24))
    await run.frame { $0.text.last == "First shown" }
    run.press(.character("x"))
    await run.frame { $0.text.last == "x did what x does" }
    run.press(.character("?"))
    let keys = await run.frame { $0.text.first?.hasSuffix("Keys") == true }
    #expect(keys?.text[1...3] == ["", "  x did what x does", ""], "\(keys?.text ?? [])")
    run.press(.character("z"))
    await run.frame { $0.text.first?.hasSuffix("First") == true }
    run.session.send(.notice("note: something was said"))
    await run.frame { $0.text.last == "note: something was said" }
    run.press(.character("?"))
    let noted = await run.frame { $0.text.first?.hasSuffix("Keys") == true }
    #expect(noted?.text[1...3] == ["", "  note: something was said", ""], "\(noted?.text ?? [])")
    #expect(await run.quit(with: .interrupt) == 130)
  }

  /// A detail without items to select, scrolled by hand, stays where it is when a line comes later (its star).
  @Test func linesThatComeLaterKeepTheViewWhereItWas() {
    var list = SelectableList<String>()
    list.replace(with: (1...10).map { .init("line \($0)") })
    _ = list.handle(.down, height: 4)
    _ = list.handle(.down, height: 4)
    #expect(list.scroll(height: 4) == 2)
    list.replace(with: (1...11).map { .init("line \($0)") })
    #expect(list.scroll(height: 4) == 2)
    list.replace(with: [])
    #expect(list.scroll(height: 4) == 0)
  }

  /// A screen opens at its top; while the selection is below the view, ↓ scrolls a line; ↑ on the first item shows
  /// the top at once.
  @Test func aListOpensAtItsTopAndUpOnTheFirstItemShowsItAtOnce() {
    var list = SelectableList<String>()
    list.replace(with: (1...8).map { .init("line \($0)") } + (1...5).map { .init("n\($0)", item: "n\($0)") })
    #expect(list.scroll(height: 4) == 0, "the first line in view")
    #expect(list.selectedItem == "n1", "the first item selected, below the view")
    #expect(list.handle(.down, height: 4) && list.scroll(height: 4) == 1 && list.selectedItem == "n1")
    for _ in 1...4 { _ = list.handle(.down, height: 4) }
    #expect(list.scroll(height: 4) == 5 && list.selectedItem == "n1", "n1 on the last row")
    _ = list.handle(.down, height: 4)
    #expect(list.selectedItem == "n2")
    _ = list.handle(.up, height: 4)
    #expect(list.selectedItem == "n1")
    _ = list.handle(.up, height: 4)
    #expect(list.scroll(height: 4) == 0 && list.selectedItem == "n1", "one ↑ shows the top")
  }
}
