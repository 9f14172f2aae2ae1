import Synchronization

/// A feature's place in `app ui`: its tab's name and how its first screen is made.
public struct FeatureScreens: Sendable {
  /// The tab's name (the feature's command name).
  public let name: String
  /// The feature's first screen, given what follows `app ui <name>`.
  public let home: @Sendable ([String]) throws -> any InteractiveScreen

  /// A feature's tab.
  public init(name: String, home: @escaping @Sendable ([String]) throws -> any InteractiveScreen) {
    self.name = name
    self.home = home
  }
}

/// The event loop of `app ui`: one stack of screens per feature, keys in, one frame out per change.
///
/// Everything that happens reaches the loop as an ``Event`` through ``send(_:)``: keys from the terminal, a
/// screen's request to draw again, a new size, a signal. The loop handles one at a time, so a screen's state is
/// only ever drawn whole. Frames go to `write`, one call each; the session ends with an exit status when the user
/// quits, or when `write` fails (the terminal is gone).
public final class ScreenSession: Sendable {
  /// What the loop reacts to.
  public enum Event: Sendable {
    case key(Key)
    /// A screen's state changed.
    case redraw
    /// The terminal has a new size.
    case resize(ScreenSize)
    /// A line written to standard error while the screen is drawn (a note, a warning, a log line): shown on the
    /// status line until the next key.
    case notice(String)
    /// End now with this status (a signal), without drawing again.
    case end(Int32)
  }

  private struct State {
    var size: ScreenSize
    var current: Int
    var stacks: [[any InteractiveScreen]]
    /// The list of keys `?` shows, scrolled to its first line shown; `nil` when it is closed.
    var help: Int?
    var notice: String?
    var lastFrame: Frame?
  }

  private let features: [FeatureScreens]
  private let style: ScreenStyle
  private let write: @Sendable (Frame) -> Bool
  private let suspend: @Sendable () -> Void
  private let state: Mutex<State>
  private let events: AsyncStream<Event>
  private let continuation: AsyncStream<Event>.Continuation
  private let startArguments: [String]

  /// A session over `features`, starting in the one at `start` with `arguments`.
  ///
  /// - Parameters:
  ///   - write: draws a frame (in one write of ``Frame/encoded``); `false` when the terminal cannot be written any
  ///     more.
  ///   - suspend: gives the terminal back and stops the process until it is continued (Ctrl-Z); the session draws
  ///     again after it returns.
  public init(
    features: [FeatureScreens], start: Int, arguments: [String], size: ScreenSize, style: ScreenStyle,
    write: @escaping @Sendable (Frame) -> Bool, suspend: @escaping @Sendable () -> Void = {}
  ) {
    self.features = features
    self.style = style
    self.write = write
    self.suspend = suspend
    self.startArguments = arguments
    state = Mutex(State(size: size, current: start, stacks: Array(repeating: [], count: features.count)))
    (events, continuation) = AsyncStream.makeStream(of: Event.self)
  }

  /// Hands the loop an event; safe from any thread.
  public func send(_ event: Event) {
    continuation.yield(event)
  }

  /// Runs until the user quits; returns the exit status: 0 after `q` at the top, 130 after Ctrl-C, the status of
  /// an ``Event/end(_:)``, 1 when a frame could not be written. A first screen that cannot be made is said on the
  /// status line.
  public func run() async -> Int32 {
    let status = await loop()
    // Leaving ends every screen's reads.
    let screens = state.withLock { state in
      defer { state.stacks = state.stacks.map { _ in [] } }
      return state.stacks.flatMap { $0 }
    }
    for screen in screens { screen.disappear() }
    continuation.finish()
    return status
  }

  private func loop() async -> Int32 {
    do {
      try open(feature: state.withLock { $0.current }, arguments: startArguments)
    } catch {
      state.withLock { $0.notice = "\(error)" }
    }
    guard draw() else { return ExitStatus.failure.rawValue }
    for await event in events {
      switch event {
      case .end(let status):
        return status
      case .resize(let size):
        state.withLock { $0.size = size }
      case .redraw:
        break
      case .notice(let line):
        state.withLock { $0.notice = line }
      case .key(let key):
        if let status = handle(key) { return status }
      }
      guard draw() else { return ExitStatus.failure.rawValue }
    }
    return ExitStatus.success.rawValue
  }

  /// Handles a key; returns an exit status when the session ends.
  private func handle(_ key: Key) -> Int32? {
    switch key {
    case .interrupt:
      return 128 + 2
    case .suspend:
      suspend()
      state.withLock { $0.lastFrame = nil }
      return nil
    default:
      break
    }
    let (screen, size, helping) = state.withLock { state in
      let screen = state.stacks[state.current].last
      // `?` shows the latest message whole: a notice stays for it.
      let showsHelp = key == .character("?") && !(screen?.isEditing ?? false)
      if state.help == nil, !showsHelp { state.notice = nil }
      return (screen, state.size, state.help != nil)
    }
    if helping {
      // The moving keys scroll the list of keys; any other key closes it.
      scrollHelp(key)
      return nil
    }
    if let screen {
      switch screen.handle(key, size: ScreenSize(columns: size.columns, rows: max(size.rows - 2, 1))) {
      case .handled:
        return nil
      case .open(let next):
        state.withLock { $0.stacks[$0.current].append(next) }
        next.appear(redraw: { [weak self] in self?.send(.redraw) })
        return nil
      case .ignored:
        break
      }
    }
    let editing = screen?.isEditing ?? false
    switch key {
    case .escape, .backspace:
      back()
    case .character("q") where !editing:
      if !back() { return ExitStatus.success.rawValue }
    case .character("?") where !editing:
      state.withLock { $0.help = 0 }
    case .tab, .backTab:
      let count = features.count
      guard count > 1 else { break }
      let next = state.withLock { state in
        state.current = (state.current + (key == .tab ? 1 : count - 1)) % count
        return state.stacks[state.current].isEmpty ? state.current : nil
      }
      if let next {
        do { try open(feature: next, arguments: []) } catch { state.withLock { $0.notice = "\(error)" } }
      }
    default:
      break
    }
    return nil
  }

  /// Leaves the top screen of the current feature, unless it is the feature's first; returns whether it did.
  @discardableResult
  private func back() -> Bool {
    let left: (any InteractiveScreen)? = state.withLock { state in
      guard state.stacks[state.current].count > 1 else { return nil }
      return state.stacks[state.current].removeLast()
    }
    left?.disappear()
    return left != nil
  }

  private func open(feature index: Int, arguments: [String]) throws {
    let screen = try features[index].home(arguments)
    state.withLock { $0.stacks[index] = [screen] }
    screen.appear(redraw: { [weak self] in self?.send(.redraw) })
  }

  /// Scrolls the list of keys as a moving key says, or closes it for any other key.
  private func scrollHelp(_ key: Key) {
    state.withLock { state in
      guard let top = state.help else { return }
      let (lines, height) = helpLines(state)
      let lastTop = max(0, lines - height)
      switch key {
      case .up, .character("k"): state.help = max(0, top - 1)
      case .down, .character("j"): state.help = min(lastTop, top + 1)
      case .pageUp: state.help = max(0, top - height)
      case .pageDown: state.help = min(lastTop, top + height)
      case .home: state.help = 0
      case .end: state.help = lastTop
      default:
        state.help = nil
        state.notice = nil
      }
    }
  }

  /// How many lines the list of keys has, and how many rows show it.
  private func helpLines(_ state: State) -> (lines: Int, height: Int) {
    let content = self.content(state, body: bodySize(state.size, statusRows: 1))
    let lines = Frame.Help(keys: keys(of: state)).lines(
      message: content.status, width: max(state.size.columns, 1), style: style)
    return (lines.count, max(state.size.rows - 2, 1))
  }

  /// The current screen's keys, then the session's.
  private func keys(of state: State) -> [(key: String, meaning: String)] {
    (state.stacks[state.current].last?.keys ?? []) + Self.sessionKeys(tabs: features.count > 1)
  }

  /// The rows left for a screen's body at `size` under the title and `statusRows` of status.
  private func bodySize(_ size: ScreenSize, statusRows: Int) -> ScreenSize {
    ScreenSize(columns: size.columns, rows: max(size.rows - 1 - statusRows, 0))
  }

  /// What the current screen shows in `body`, its status replaced by a notice.
  private func content(_ state: State, body: ScreenSize) -> ScreenContent {
    var content = state.stacks[state.current].last?.content(size: body) ?? ScreenContent(title: "", lines: [])
    if let notice = state.notice {
      content.status = notice
      content.hints = []
    }
    return content
  }

  /// Draws the current screen when it differs from the last frame; returns `false` when writing failed.
  private func draw() -> Bool {
    let frame: Frame? = state.withLock { state in
      var content = self.content(state, body: bodySize(state.size, statusRows: 1))
      let rows = Frame.statusRows(
        of: Frame.statusText(of: content, width: state.size.columns), size: state.size, style: style)
      if rows > 1, state.help == nil {
        // A status of two rows (a failure and its hint): the body is a row shorter, the selection still in view.
        content = self.content(state, body: bodySize(state.size, statusRows: rows))
      }
      if state.help != nil { content.title = "Keys" }
      let frame = Frame(
        features: features.map(\.name), current: state.current, content: content, size: state.size, style: style,
        help: state.help.map { Frame.Help(keys: keys(of: state), top: $0) })
      guard frame != state.lastFrame else { return nil }
      state.lastFrame = frame
      return frame
    }
    guard let frame else { return true }
    return write(frame)
  }

  /// The keys every screen has.
  static func sessionKeys(tabs: Bool) -> [(key: String, meaning: String)] {
    [
      ("↑ ↓  j k", "move"), ("PgUp PgDn", "page"), ("Home End", "first, last; Home shows the top"),
      ("Enter", "open"), ("Esc  Backspace", "back"),
    ] + (tabs ? [("Tab", "next feature")] : []) + [
      ("r", "refresh"), ("?", "these keys"), ("q", "back; quits at the top"), ("Ctrl-C", "quit"),
    ]
  }
}
