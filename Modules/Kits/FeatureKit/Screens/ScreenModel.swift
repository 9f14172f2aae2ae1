import Presenter
import Repository
import Synchronization

/// What a screen of `app ui` keeps between frames: its lines (some of them selectable), its status line, what the
/// last key did, the screen's own fields, the one read it runs, and the session's redraw.
///
/// A screen changes it from its presenter's or view model's states with ``update(_:)`` (which asks for a frame),
/// moves its selection with ``move(_:rows:)``, and draws it with ``content(title:size:header:layout:)``: the same
/// four steps on every screen, whatever it shows.
public final class ScreenModel<Item: Sendable & Equatable, Fields: Sendable>: Sendable {
  /// The state of the screen.
  public struct State: Sendable {
    /// The lines below the header; the selectable ones stand for an item.
    public var list = SelectableList<Item>()
    /// Loading, as of when, stale, a failure.
    public var status: String
    /// The keys that act on the screen as its status says it is, shown after the status; a screen empties them when
    /// the status has more to say (a failure, a change's reason), and what the last key did replaces them.
    public var hints: [KeyHint] = []
    /// What the last key did (stocked, starred), shown over the status until the next key.
    public var action: String?
    /// The width the lines were laid out for by `content`'s `layout`; 0 lays them out again at the next frame.
    public var width = 0
    /// The screen's own fields.
    public var fields: Fields

    /// Says what went wrong on the status line, the one way every screen says it: `failure` (its title, then its
    /// hint; each made one line, ``/Presenter/UserFacingError`` as the app prints it), after `Cached <kept>: ` when
    /// the screen shows content of that name kept from the cache (`results`, `items from 10:02`), then each of
    /// `notes` on a line of its own after `note: `. When there is something to say, the keys give way to it; with
    /// nothing, the status is empty.
    public mutating func report(_ failure: UserFacingError?, keeping kept: String? = nil, notes: [String] = []) {
      let said =
        [failure.map { (kept.map { "Cached \($0): " } ?? "") + $0.singleLined.description }].compactMap { $0 }
        + notes.map { "note: " + DisplayWidth.singleLine($0) }
      status = said.joined(separator: "\n")
      if !said.isEmpty { hints = [] }
    }
  }

  private let state: Mutex<State>
  private let redraw = Mutex<@Sendable () -> Void>({})
  /// The read the screen runs (which follows the store for the marks of the rows it shows, the one stream of its
  /// content): starting another cancels it, leaving the screen cancels it, and only the latest one's states are
  /// shown.
  public let task = ScreenTask()

  /// A screen showing `status` until its first state, with `fields` of its own.
  public init(status: String, fields: Fields) {
    state = Mutex(State(status: status, fields: fields))
  }

  /// Keeps the session's `redraw`, which ``update(_:)`` calls.
  public func appear(redraw: @escaping @Sendable () -> Void) {
    self.redraw.withLock { $0 = redraw }
  }

  /// Leaves the screen: cancels its read, and with it what the read follows.
  public func disappear() {
    task.cancel()
  }

  /// Reads (or changes without a frame) the state.
  public func withState<Result: Sendable>(_ body: (inout State) -> Result) -> Result {
    state.withLock { body(&$0) }
  }

  /// Changes the state and asks for a frame.
  public func update(_ change: (inout State) -> Void) {
    update(where: { _ in true }, change)
  }

  /// Changes the state and asks for a frame if `condition` holds and the caller is not a read that a later one
  /// replaced (``ScreenTask/isCurrent``); otherwise does nothing.
  public func update(where condition: (State) -> Bool, _ change: (inout State) -> Void) {
    let changed = state.withLock { state in
      guard task.isCurrent, condition(state) else { return false }
      change(&state)
      return true
    }
    if changed { redraw.withLock { $0 }() }
  }

  /// The item of the selected line.
  public var selected: Item? {
    state.withLock { $0.list.selectedItem }
  }

  /// Handles a key that moves the selection (or scrolls) in `rows` rows of lines, and forgets what the last key
  /// did, unless the key is `?`, which shows it whole; answers whether the key moved, and the item selected now.
  public func move(_ key: Key, rows: Int) -> (moved: Bool, selected: Item?) {
    state.withLock { state in
      if key != .character("?") { state.action = nil }
      return (state.list.handle(key, height: max(rows, 1)), state.list.selectedItem)
    }
  }

  /// What to draw at `size`: `header`'s lines at the width (a query field, a table's column names) over the lines,
  /// with the selection in view; when the width changed, `layout` lays the lines out again for it (lines laid out
  /// once need none). The hints show unless the last key's action replaces them.
  public func content(
    title: String, size: ScreenSize, header: (State, _ width: Int) -> [String] = { _, _ in [] },
    layout: ((State, _ width: Int) -> [SelectableList<Item>.Line])? = nil
  ) -> ScreenContent {
    state.withLock { state in
      let width = max(size.columns - 1, 1)
      if let layout, state.width != width {
        state.list.replace(with: layout(state, width))
        state.width = width
      }
      let header = header(state, width)
      let rows = max(size.rows - header.count, 1)
      // The header stays; the lines under it scroll.
      let top = state.list.scroll(height: rows)
      let shown = state.list.lines.dropFirst(top).prefix(rows).map(\.text)
      return ScreenContent(
        title: title, lines: header + shown, selected: state.list.selected.map { $0 - top + header.count },
        status: state.action ?? state.status, hints: state.action == nil ? state.hints : [])
    }
  }
}

extension ScreenModel where Fields == Void {
  /// A screen showing `status` until its first state.
  public convenience init(status: String) {
    self.init(status: status, fields: ())
  }
}

/// A screen drawn from a ``ScreenModel`` that reads its content once it is shown: appearing starts ``read(policy:)``
/// with the session's policy, and leaving cancels it. A screen states its model, its context and how it reads.
public protocol ReadingScreen: InteractiveScreen {
  associatedtype Item: Sendable & Equatable
  associatedtype Fields: Sendable
  /// What the screen shows.
  var model: ScreenModel<Item, Fields> { get }
  /// The session's context: its policy is the first read's.
  var context: ScreenContext { get }
  /// Reads the content as `policy` says (`r` reads again with the context's ``ScreenContext/refreshPolicy``), in
  /// ``ScreenModel/task``.
  func read(policy: CachePolicy)
}

extension ReadingScreen {
  /// Keeps the session's redraw and starts the first read.
  public func appear(redraw: @escaping @Sendable () -> Void) {
    model.appear(redraw: redraw)
    read(policy: context.policy)
  }

  /// Cancels the read.
  public func disappear() {
    model.disappear()
  }

  /// Handles the keys every reading screen has: those that move the selection, Enter, which opens what `open`
  /// makes of the selected item (nothing when it makes nothing, such as a route no feature added), and `r`, which
  /// reads again from the origin (under `--offline`, from the cache). Answers `nil` for any other key, which the
  /// screen handles itself.
  public func handleReadingKeys(
    _ key: Key, size: ScreenSize, open: (Item) -> (any InteractiveScreen)?
  ) -> ScreenAction? {
    let (moved, selected) = model.move(key, rows: size.rows)
    if moved { return .handled }
    switch key {
    case .enter:
      return selected.flatMap(open).map { .open($0) } ?? .handled
    case .character("r"):
      read(policy: context.refreshPolicy)
      return .handled
    default:
      return nil
    }
  }
}
