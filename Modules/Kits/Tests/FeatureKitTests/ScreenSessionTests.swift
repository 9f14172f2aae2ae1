import ArgumentParser
import DI
import FeatureKitTesting
import Repository
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

    func handle(_ key: Key, size: ScreenSize) -> ScreenAction {
      let (moved, selected) = model.move(key, rows: size.rows)
      if moved { return .handled }
      if key == .character("x") {
        // Its own key says what it did, over the status until the next key.
        model.update { $0.action = "x did what x does" }
        return .handled
      }
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
    let run = ScreenRecorder(features: Self.features, size: ScreenSize(columns: 40, rows: 24))
    await run.frame { $0.text.last == "First shown" }
    run.press(.character("?"))
    let keys = await run.frame { $0.text.first?.hasSuffix("Keys") == true }
    #expect(keys?.text[1...3] == ["", "  First shown", ""], "the status, whole, above the keys")
    #expect(keys?.text.contains("  x               its own key") == true, "\(keys?.text ?? [])")
    #expect(keys?.text.contains("  Tab             next feature") == true, "\(keys?.text ?? [])")
    #expect(keys?.text.contains { $0.hasPrefix("  Home End") } == true, "\(keys?.text ?? [])")
    #expect(keys?.text.last == "Any key closes this list.")
    // The key that closes the list does nothing else: the selection stays on the first item.
    run.press(.character("x"))
    let closed = await run.frame { $0.text.first?.hasSuffix("First") == true }
    #expect(closed?.text[1] == "›a1")
    #expect(await run.quit(with: .interrupt) == 130)
  }

  /// At 40×12 the keys do not fit: the moving keys scroll the list to its last row, any other key closes it.
  @Test func aListOfKeysLongerThanTheScreenScrolls() async throws {
    let run = ScreenRecorder(features: Self.features, size: Self.size)
    await run.frame { $0.text.last == "First shown" }
    run.press(.character("?"))
    let top = await run.frame { $0.text.first?.hasSuffix("Keys") == true }
    #expect(top?.text.last == "↑ ↓ scroll; any other key closes")
    #expect(top?.text.contains { $0.hasPrefix("  Ctrl-C") } == false, "\(top?.text ?? [])")
    run.press(.end)
    let end = await run.frame { $0.text.contains { $0.hasPrefix("  Ctrl-C") } }
    #expect(end?.text[10].hasPrefix("  Ctrl-C") == true, "the last key on the last row: \(end?.text ?? [])")
    run.press(.home)
    await run.frame { $0.text[2] == "  First shown" }
    run.press(.character("j"))
    await run.frame { $0.text[1] == "  First shown" }
    run.press(.enter)
    let closed = await run.frame { $0.text.first?.hasSuffix("First") == true }
    #expect(closed?.text[1] == "›a1", "the closing key did nothing else")
    #expect(await run.quit(with: .interrupt) == 130)
  }

  /// A block before the first item (a screen's own lines, headings) can be read again: Home, and ↑, k or PgUp on
  /// the first item, scroll to the top of the content, even when the block is longer than the screen.
  @Test(arguments: [3, 14])
  func homeAndUpOnTheFirstItemScrollToTheTop(blockLines: Int) async throws {
    let block = (1...blockLines).map { SelectableList<String>.Line("block \($0)") } + [.init(""), .init("Heading")]
    let items = (1...40).map { SelectableList<String>.Line("n\($0)", item: "n\($0)") }
    let screen = NameScreen("Long")
    screen.model.withState { $0.list.replace(with: block + items) }
    let run = ScreenRecorder(features: [FeatureScreens(name: "long") { _ in screen }], size: Self.size)
    await run.frame { $0.text.last == "Long shown" }
    for _ in 1...50 { run.press(.character("j")) }
    await run.frame { $0.text.contains("›n40") }
    for key in [Key.home, .pageUp, .up, .character("k")] {
      // From the end, the key until the top shows.
      run.press(.end)
      for _ in 1...60 { run.press(key) }
      let top = await run.frame { $0.text[1] == " block 1" }
      #expect(top != nil, "\(key)")
      if blockLines < 8 {
        #expect(top?.text.contains("›n1") == true && top?.text.contains(" Heading") == true, "\(key)")
      }
    }
    // From the top, ↓ brings the lines below into view one at a time while the first item is below the 10 rows,
    // so every line can be read, then selects the next item.
    for line in stride(from: 2, through: blockLines + 2 - 8, by: 1) {
      run.press(.down)
      let scrolled = await run.frame { $0.text[1] == " block \(line)" }
      // The selection shows once it is in view, on the last row.
      #expect(
        scrolled?.text.contains { $0.hasPrefix("›") } == (line == blockLines + 2 - 8), "\(scrolled?.text ?? [])")
    }
    run.press(.down)
    let next = await run.frame { $0.text.contains("›n2") }
    #expect(next != nil)
    #expect(await run.quit() == 0)
  }

  /// An earlier read that ignores its cancellation and answers after a newer one: what it says is not shown.
  @Test func theNewerReadWinsWhenAnOlderOneAnswersLate() async throws {
    let model = ScreenModel<String, Void>(status: "")
    let gate = Gate()
    let (ended, end) = AsyncStream.makeStream(of: String.self)
    model.task.replace {
      // Deaf to cancellation: it waits for the test, then answers.
      await gate.wait()
      model.update { $0.status = "older" }
      end.yield("older")
    }
    model.task.replace {
      model.update { $0.status = "newer" }
      end.yield("newer")
    }
    var endings = ended.makeAsyncIterator()
    let first = await endings.next()
    #expect(first == "newer")
    gate.open()
    let second = await endings.next()
    #expect(second == "older")
    #expect(model.withState { $0.status } == "newer")
    // A key's change, outside any read, is always shown.
    model.update { $0.status = "key" }
    #expect(model.withState { $0.status } == "key")
  }

  /// Leaving a screen cancels its read: a read that waits for its cancellation ends when Esc leaves the screen.
  @Test func leavingAScreenCancelsItsRead() async throws {
    final class Waiting: ReadingScreen {
      let model = ScreenModel<String, Void>(status: "reading")
      let context: ScreenContext
      let cancelled: AsyncStream<Void>.Continuation
      init(context: ScreenContext, cancelled: AsyncStream<Void>.Continuation) {
        self.context = context
        self.cancelled = cancelled
      }
      func read(policy: CachePolicy) {
        let cancelled = cancelled
        model.task.replace {
          await withTaskCancellationHandler {
            await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
          } onCancel: {
            cancelled.yield()
          }
        }
      }
      func content(size: ScreenSize) -> ScreenContent { model.content(title: "Waiting", size: size) }
      func handle(_ key: Key, size: ScreenSize) -> ScreenAction { .ignored }
    }
    let (cancellations, cancelled) = AsyncStream.makeStream(of: Void.self)
    let context = ScreenContext(
      command: CommandContext(
        container: Registrar().makeContainer(),
        terminal: Terminal(output: CapturedText().sink, errors: CapturedText().sink),
        environment: [:]),
      policy: .standard, style: ScreenStyle(color: false, unicode: true))
    let waiting = Waiting(context: context, cancelled: cancelled)
    /// Enter opens the waiting screen.
    final class Opener: InteractiveScreen {
      let next: Waiting
      init(_ next: Waiting) { self.next = next }
      func appear(redraw: @escaping @Sendable () -> Void) {}
      func disappear() {}
      func content(size: ScreenSize) -> ScreenContent { ScreenContent(title: "Opener", lines: [], status: "ready") }
      func handle(_ key: Key, size: ScreenSize) -> ScreenAction { key == .enter ? .open(next) : .ignored }
    }
    let run = ScreenRecorder(features: [FeatureScreens(name: "f") { _ in Opener(waiting) }], size: Self.size)
    await run.frame { $0.text.last == "ready" }
    run.press(.enter)
    await run.frame { $0.text.last == "reading" }
    run.press(.escape)
    var iterator = cancellations.makeAsyncIterator()
    #expect(await iterator.next() != nil, "the read saw its cancellation")
    #expect(await run.quit() == 0)
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
      title: "T", size: ScreenSize(columns: 40, rows: 10), header: { _, _ in ["Search: x", ""] })
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

  /// Without a UTF-8 locale the app's own marks are ASCII, each as wide as the mark, so columns stay aligned; a
  /// line cut to the width ends in `~`.
  @Test func withoutUTF8TheAppsOwnMarksAreASCII() {
    let content = ScreenContent(
      title: "Keys ↑ ↓", lines: ["Swift · iOS", "c42  Dependency Inj…  Swift", "a line far wider than the frame"],
      selected: 0, status: "Loading courses…")
    let frame = Frame(
      features: ["f"], current: 0, content: content, size: ScreenSize(columns: 30, rows: 6),
      style: ScreenStyle(color: false, unicode: false))
    #expect(
      frame.text == [
        " f   Keys ^ v", ">Swift - iOS", " c42  Dependency Inj~  Swift", " a line far wider than the fr~", "",
        "Loading courses~",
      ])
    #expect(frame.encoded.unicodeScalars.allSatisfy { $0.isASCII })
  }

  /// A failure's title and its hint take two status rows; longer, the second row ends in `…`.
  @Test func aTitleAndItsHintTakeTwoStatusRows() {
    let size = ScreenSize(columns: 40, rows: 8)
    let style = ScreenStyle(color: false, unicode: true)
    let two = Frame(
      features: ["f"], current: 0,
      content: ScreenContent(
        title: "T", lines: ["a", "b", "c", "d", "e", "f"],
        status: "the cache holds nothing\nRun once online first."), size: size, style: style)
    #expect(two.status == ["the cache holds nothing", "Run once online first."])
    #expect(two.text.count == 8 && two.text[5] == " e", "the body is a row shorter: \(two.text)")
    let long = Frame(
      features: ["f"], current: 0,
      content: ScreenContent(
        title: "T", lines: [],
        status: "GitHub answered with status 503\nWait a minute, then try again; see the status page."),
      size: size, style: style)
    #expect(long.status == ["GitHub answered with status 503", "Wait a minute, then try again; see the…"])
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

/// A wait that only ``open()`` ends: cancellation does not.
final class Gate: Sendable {
  private let state = Mutex<(open: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))

  func wait() async {
    await withCheckedContinuation { continuation in
      let resume = state.withLock { state in
        if state.open { return true }
        state.waiter = continuation
        return false
      }
      if resume { continuation.resume() }
    }
  }

  func open() {
    state.withLock { state in
      state.open = true
      return state.waiter.take()
    }?.resume()
  }
}
