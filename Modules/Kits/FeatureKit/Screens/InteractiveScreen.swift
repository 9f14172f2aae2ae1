/// The size of a screen, in terminal columns and rows.
public struct ScreenSize: Hashable, Sendable {
  /// The width.
  public var columns: Int
  /// The height.
  public var rows: Int

  /// A size of `columns` × `rows`.
  public init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }
}

/// What the terminal can show: colour, and characters beyond ASCII.
public struct ScreenStyle: Hashable, Sendable {
  /// ANSI colour is allowed (no `NO_COLOR`); reverse video for the selection is used either way.
  public var color: Bool
  /// The locale is UTF-8: markers may be `›` and `★`; otherwise they are ASCII.
  public var unicode: Bool

  /// A style with colour or not, and Unicode markers or ASCII ones.
  public init(color: Bool, unicode: Bool) {
    self.color = color
    self.unicode = unicode
  }

  /// The mark of a stocked or starred item.
  public var mark: String { unicode ? "★" : "*" }
  /// The mark of an item changed here whose change waits for its origin (one the origin has not taken yet): told
  /// apart from ``mark`` without colour.
  public var waitingMark: String { unicode ? "☆" : "+" }
}

/// What a screen shows at one moment, below the title line and above the status line.
public struct ScreenContent: Sendable {
  /// The screen's title, after the features' tabs.
  public var title: String
  /// The body as it is shown, from its first row (a screen scrolls its lines to keep the selection in view), one
  /// plain-text line each (no escape sequences: the frame cuts and styles them).
  public var lines: [String]
  /// The index in ``lines`` of the selected row, shown in reverse video.
  public var selected: Int?
  /// One line of status: loading, stale, a failure, what a key did.
  public var status: String
  /// The keys that act on the screen as it is shown, after the status on its row (``KeyHint/line(_:hints:width:)``);
  /// empty when the status has more to say (a failure, what a key did).
  public var hints: [KeyHint]

  /// What a screen shows.
  public init(
    title: String, lines: [String], selected: Int? = nil, status: String = "", hints: [KeyHint] = []
  ) {
    self.title = title
    self.lines = lines
    self.selected = selected
    self.status = status
    self.hints = hints
  }
}

/// What a screen did with a key.
public enum ScreenAction: Sendable {
  /// The key changed the screen (or did nothing visible): draw again.
  case handled
  /// Not one of the screen's keys: the session's own keys apply (back, quit, help, the features' tabs).
  case ignored
  /// Open a screen above this one.
  case open(any InteractiveScreen)
}

/// One screen of `app ui`: a view over a feature's presenter or view model.
///
/// The session calls ``appear(redraw:)`` when the screen is shown first, ``disappear()`` when it is left (its
/// reads are cancelled), ``content(size:)`` for every frame and ``handle(_:size:)`` for every key.
public protocol InteractiveScreen: AnyObject, Sendable {
  /// Starts the screen's reads; `redraw` asks the session for a new frame whenever the screen's state changed.
  func appear(redraw: @escaping @Sendable () -> Void)
  /// Leaves the screen: ends its reads.
  func disappear()
  /// What to draw at `size`.
  func content(size: ScreenSize) -> ScreenContent
  /// Handles `key`, and returns before any network or disk work it starts ends: a read runs in the screen's
  /// ``ScreenTask`` and a change in a task of its own, so the session's next key (`q`, Ctrl-C) never waits for an
  /// origin.
  func handle(_ key: Key, size: ScreenSize) -> ScreenAction
  /// The screen's own keys, for `?`.
  var keys: [(key: String, meaning: String)] { get }
  /// Whether a text field has focus: the session's one-letter keys (`q`, `?`) are then typed into it.
  var isEditing: Bool { get }
}

extension InteractiveScreen {
  /// No keys of its own.
  public var keys: [(key: String, meaning: String)] { [] }
  /// No text field.
  public var isEditing: Bool { false }
}
