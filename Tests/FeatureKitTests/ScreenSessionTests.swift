import ArgumentParser
import ScreenTesting
import Synchronization
import TestScheduling
import Testing

@testable import FeatureKit

/// The event loop of `app ui` over screens of its own: the keys every screen has, the features' tabs, and how a
/// session ends when a screen or the terminal fails.
@Suite(.untimed) struct ScreenSessionTests {
  /// A list of names; Enter opens a screen named after the selected one.
  final class NameScreen: InteractiveScreen {
    let name: String
    let model: ScreenModel<String, Void>

    init(_ name: String, items: [String] = []) {
      self.name = name
      model = ScreenModel(status: "\(name) shown")
      model.withState { $0.list.replace(with: items.map { SelectableList.Line($0, item: $0) }) }
    }

    var keys: [(key: String, meaning: String)] { [("x", "its own key")] }

    func appear(redraw: @escaping @Sendable () -> Void) {
      model.appear(redraw: redraw)
    }

    func disappear() {
      model.disappear()
    }

    func content(size: ScreenSize) -> ScreenContent {
      model.content(title: name, size: size)
    }

    func handle(_ key: Key, size: ScreenSize) async -> ScreenAction {
      let (moved, selected) = model.move(key, rows: size.rows)
      if moved { return .handled }
      guard key == .enter, let selected else { return .ignored }
      return .open(NameScreen(selected))
    }
  }

  /// Two features: `first` with two items, `second` with one.
  static let features = [
    FeatureScreens(name: "first") { _ in NameScreen("First", items: ["a1", "a2"]) },
    FeatureScreens(name: "second") { _ in NameScreen("Second", items: ["b1"]) },
  ]

  static let size = ScreenSize(columns: 40, rows: 12)

  @Test func tabCyclesTheFeaturesAndEachKeepsItsOwnScreens() async throws {
    let run = ScreenRecorder(features: Self.features, size: Self.size)
    let first = await run.frame { $0.text.first == " first  second   First" }
    #expect(first?.text[1] == "›a1")
    run.press(.down, .enter)
    await run.frame { $0.text.first == " first  second   a2" }
    run.press(.tab)
    let second = await run.frame { $0.text.first == " first  second   Second" }
    #expect(second?.text[1] == "›b1")
    // Back to the first feature: its detail is still open.
    run.press(.backTab)
    await run.frame { $0.text.first == " first  second   a2" }
    run.press(.escape)
    let back = await run.frame { $0.text.first == " first  second   First" }
    #expect(back?.text[2] == "›a2", "the selection is kept")
    #expect(await run.quit() == 0)
  }

  @Test func questionMarkListsTheKeysAndAnyKeyClosesTheList() async throws {
    let run = ScreenRecorder(features: Self.features, size: Self.size)
    await run.frame { $0.text.last == "First shown" }
    run.press(.character("?"))
    let keys = await run.frame { $0.text.first?.hasSuffix("Keys") == true }
    #expect(keys?.text.contains("  x               its own key") == true, "\(keys?.text ?? [])")
    #expect(keys?.text.contains("  Tab             next feature") == true, "\(keys?.text ?? [])")
    #expect(keys?.text.last == "Any key closes this list.")
    // The key that closes the list does nothing else: the selection stays on the first item.
    run.press(.character("j"))
    let closed = await run.frame { $0.text.first?.hasSuffix("First") == true }
    #expect(closed?.text[1] == "›a1")
    #expect(await run.quit(with: .interrupt) == 130)
  }

  /// A list longer than the screen scrolls to keep the selection in view: PgDn moves a page less one line, End
  /// and Home go to the ends.
  @Test func pagingEndAndHomeKeepTheSelectionInView() async throws {
    let items = (1...30).map { "n\($0)" }
    let run = ScreenRecorder(
      features: [FeatureScreens(name: "long") { _ in NameScreen("Long", items: items) }], size: Self.size)
    await run.frame { $0.text.last == "Long shown" }
    // 12 rows: the tabs, 10 rows of lines (1 to 10), the status. Each key, the item it selects, and the first and
    // last rows of lines then.
    let steps: [(key: Key, selects: String, first: String, last: String)] = [
      (.pageDown, "n10", " n1", "›n10"), (.pageDown, "n19", " n10", "›n19"),
      (.end, "n30", " n21", "›n30"), (.home, "n1", "›n1", " n10"),
    ]
    for step in steps {
      run.press(step.key)
      let frame = await run.frame { $0.text.contains("›" + step.selects) }
      #expect(frame?.text[1] == step.first && frame?.text[10] == step.last, "\(step.key): \(frame?.text ?? [])")
    }
    #expect(await run.quit() == 0)
  }

  /// Lines under a header (a query field) scroll beneath it, and the selection is counted from the header's top.
  @Test func linesUnderAHeaderScrollAndTheHeaderStays() {
    let model = ScreenModel<String, Void>(status: "")
    model.withState { $0.list.replace(with: (1...30).map { SelectableList.Line("n\($0)", item: "n\($0)") }) }
    _ = model.move(.end, rows: 8)
    let content = model.content(
      title: "T", size: ScreenSize(columns: 40, rows: 10), header: { _ in ["Search: x", ""] })
    #expect(content.lines == ["Search: x", ""] + (23...30).map { "n\($0)" })
    #expect(content.selected == 9)
  }

  @Test func aFirstScreenThatCannotBeMadeIsSaidOnTheStatusLineAndQStillQuits() async throws {
    struct Broken: Error, CustomStringConvertible {
      var description: String { "the screen could not be made" }
    }
    let run = ScreenRecorder(features: [FeatureScreens(name: "broken") { _ in throw Broken() }], size: Self.size)
    let frame = await run.frame { _ in true }
    #expect(frame?.text.last == "the screen could not be made")
    #expect(await run.quit() == 0)
  }

  @Test func aFrameThatCannotBeWrittenEndsTheSessionWithStatus1() async throws {
    let writes = Mutex(0)
    let session = ScreenSession(
      features: Self.features, start: 0, arguments: [], size: Self.size, style: ScreenStyle(color: true, unicode: true),
      write: { _ in
        writes.withLock { $0 += 1 }
        return false
      })
    #expect(await session.run() == 1)
    #expect(writes.withLock { $0 } == 1, "nothing is written after the failed write")
  }

  @Test func withoutColourTheSelectionIsStillReverseVideoAndWithoutUTF8TheMarkersAreASCII() {
    let content = ScreenContent(title: "T", lines: ["one", "two"], selected: 1, status: "status")
    let size = ScreenSize(columns: 20, rows: 5)
    let plain = Frame(
      features: ["f"], current: 0, content: content, size: size, style: ScreenStyle(color: false, unicode: false))
    #expect(plain.text == [" f   T", " one", ">two", "", "status"])
    #expect(plain.encoded.contains("\u{1B}[7m>two"), "reverse video without colour")
    #expect(!plain.encoded.contains("\u{1B}[1m") && !plain.encoded.contains("\u{1B}[2m"), "no other style")
    #expect(ScreenStyle(color: false, unicode: false).mark == "*")

    let styled = Frame(
      features: ["f"], current: 0, content: content, size: size, style: ScreenStyle(color: true, unicode: true))
    #expect(styled.text[2] == "›two")
    #expect(styled.encoded.contains("\u{1B}[2mstatus\u{1B}[0m"), "the status dimmed in colour")
    #expect(styled.encoded.hasPrefix("\u{1B}[?2026h") && styled.encoded.hasSuffix("\u{1B}[?2026l"))
  }

  @Test(arguments: [
    (["LANG": "C"], false), (["LANG": "C.UTF-8"], true), (["LC_ALL": "en_US.utf8", "LANG": "C"], true),
    (["LC_ALL": "", "LC_CTYPE": "POSIX", "LANG": "C.UTF-8"], false), ([:], false),
  ])
  func theLocaleDecidesTheMarkers(environment: [String: String], unicode: Bool) {
    #expect(UICommand.localeIsUTF8(environment) == unicode)
  }

  @Test func offlineIsTheCommandsWhereverItIsGivenUpToADoubleDash() throws {
    let after = try UICommand.parse(["courses", "--offline", "swift"])
    #expect(after.feature == "courses")
    #expect(after.startsWith.offline)
    #expect(after.startsWith.arguments == ["swift"])
    let before = try UICommand.parse(["--offline", "search", "swift"])
    #expect(before.startsWith.offline && before.startsWith.arguments == ["swift"])
    let quoted = try UICommand.parse(["search", "--", "--offline"])
    #expect(!quoted.startsWith.offline)
    #expect(quoted.startsWith.arguments == ["--offline"], "after --, the feature's query")
  }
}
