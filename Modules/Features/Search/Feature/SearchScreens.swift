import DI
import FeatureKit
import Foundation
import Presenter
import Repository
import SearchPresenter
import SearchUseCase
import Synchronization
import UseCase

/// What the Search screens of `app ui` share: the view models' factories, the screen context, and the repos
/// starred and unstarred in this session.
final class SearchScreenKit: Sendable {
  let search: Factory<Void, SearchViewModel>
  let detail: Factory<Void, RepoDetailViewModel>
  let star: Factory<Void, StarViewModel>
  let context: ScreenContext
  /// What `*` did to each repo in this session (`true`: starred), lower-cased `owner/name`: the next `*` undoes it.
  private let starred = Mutex<[String: Bool]>([:])

  init(_ context: ScreenContext) throws {
    search = try context.command.container.resolve()
    detail = try context.command.container.resolve()
    star = try context.command.container.resolve()
    self.context = context
  }

  /// The route of a repo's view, which other features' screens open.
  static let repoRoute = "github-repo"
  /// The route of a course's detail, which another feature may add.
  static let courseRoute = "course"

  /// The key both screens share.
  static let starKey = (key: "*", meaning: "star the selected repo (again: unstar it); needs a token")

  /// Stars `fullName`, or unstars it when `*` starred it before in this session; answers the status line.
  func toggleStar(_ fullName: String) async -> String {
    let key = fullName.lowercased()
    let starring = !(starred.withLock { $0[key] } ?? false)
    switch await star.make().setStarred(starring, fullName: fullName) {
    case .done(let name, let isStarred):
      starred.withLock { $0[key] = isStarred }
      return isStarred ? "Starred \(name)" : "Unstarred \(name)"
    case .error(let failure) where failure.kind == .authentication:
      // The command's advice, made to fit one status line.
      return "Starring needs a GitHub token: set GH_TOKEN or GITHUB_TOKEN and start again"
    case .error(let failure):
      return failure.title
    }
  }
}

/// GitHub search as you type, in `app ui`: a query field over the search view model's results.
///
/// While the field has focus, typing edits the query; a search starts once the typing pauses for
/// ``debounce`` and the query has at least ``minimumQueryLength`` characters. Each search binds a view model of its
/// own, and starting one cancels the last, so an older query's answer never replaces a newer one's.
final class SearchScreen: InteractiveScreen {
  /// How long the typing must pause before a search starts.
  static let debounce = Duration.milliseconds(250)
  /// The shortest query searched.
  static let minimumQueryLength = 2
  /// Searches left at which typing stops searching (Enter still does): what is left is kept for the user's own
  /// word, and for the related lookups that share the limit.
  static let reserve = 2

  private struct State {
    var query = ""
    var editing = true
    var list = SelectableList<String>()
    var shown: RepoList?
    var width = 0
    var status = "Type at least 2 characters to search GitHub."
    /// What the last key did (starred), shown over the status until the next key.
    var action: String?
    /// Counts the searches started: a state of any other search is not shown.
    var generation = 0
    var redraw: @Sendable () -> Void = {}
  }

  private let kit: SearchScreenKit
  private let state: Mutex<State>
  private let searching = ScreenTask()
  /// Says how many searches GitHub allows still.
  private let budget: SearchViewModel

  init(kit: SearchScreenKit, query: String) {
    self.kit = kit
    state = Mutex(State(query: query))
    budget = kit.search.make()
  }

  var keys: [(key: String, meaning: String)] {
    [("/", "type a query (Esc or ↓ leaves the field)"), ("Enter", "in the field: search now"), SearchScreenKit.starKey]
  }

  var isEditing: Bool { state.withLock { $0.editing } }

  func appear(redraw: @escaping @Sendable () -> Void) {
    let query = state.withLock { state in
      state.redraw = redraw
      return state.query
    }
    if !query.isEmpty { search(after: nil, policy: kit.context.policy) }
  }

  func disappear() {
    searching.cancel()
  }

  /// Searches the query after `delay` (a pause in the typing), cancelling the search before it.
  private func search(after delay: Duration?, policy: CachePolicy) {
    let (query, generation) = state.withLock { state in
      state.generation += 1
      return (state.query.trimmingCharacters(in: .whitespaces), state.generation)
    }
    guard query.count >= Self.minimumQueryLength else {
      searching.cancel()
      update(generation) { $0.status = "Type at least 2 characters to search GitHub." }
      return
    }
    if delay != nil, let left = budget.searchesLeft, left.count <= Self.reserve {
      // Typing must not use up GitHub's limit: Enter still searches, and says so when it is used up.
      searching.cancel()
      let until = left.until.map { " until " + SearchText.localTime($0, timeZone: .current) } ?? ""
      update(generation) {
        $0.status = "GitHub allows \(left.count) more searches\(until): press Enter to search"
      }
      return
    }
    let wait = delay.map { kit.context.wait($0) }
    let makeViewModel = kit.search
    searching.replace { [self] in
      do { try await wait?() } catch { return }
      let viewModel = makeViewModel.make()
      async let shown: Void = follow(viewModel.states, generation: generation)
      await viewModel.search(RepoSearchRequest(query: query), policy: policy)
      viewModel.finish()
      await shown
    }
  }

  /// Shows the states of search `generation` while it is the latest.
  private func follow(_ states: AsyncStream<SearchViewState>, generation: Int) async {
    for await viewState in states {
      update(generation) { state in
        switch viewState {
        case .idle:
          return
        case .loading(let previous):
          if let previous { state.shown = previous }
          state.status = "Searching GitHub…"
        case .results(let list), .empty(let list):
          state.shown = list
          let noun = list.totalCount == 1 ? "repository" : "repositories"
          state.status =
            list.items.isEmpty
            ? "No repositories matched your search."
            : "Showing \(list.items.count) of \(list.totalCount) \(noun)"
              + (list.provenance.isStale ? ", cached \(list.ageText) ago" : "")
        case .error(let failure, let previous):
          if let previous { state.shown = previous }
          state.status = previous == nil ? failure.title : "Cached results: \(failure.title)"
        }
        state.width = 0
      }
    }
  }

  /// Changes the state as search `generation` says, unless a later search has started; then asks for a frame.
  private func update(_ generation: Int, _ change: (inout State) -> Void) {
    let redraw: (@Sendable () -> Void)? = state.withLock { state in
      guard state.generation == generation else { return nil }
      change(&state)
      return state.redraw
    }
    redraw?()
  }

  func content(size: ScreenSize) -> ScreenContent {
    state.withLock { state in
      let width = max(size.columns - 1, 1)
      if state.width != width {
        var lines: [SelectableList<String>.Line] = []
        if let shown = state.shown, !shown.items.isEmpty {
          let table = RepoTable.table(shown.items, columns: width, now: shown.answeredAt)
            .split(separator: "\n").map(String.init)
          lines.append(SelectableList.Line(table.first ?? ""))
          for (index, line) in table.dropFirst().enumerated() where index < shown.items.count {
            lines.append(SelectableList.Line(line, item: shown.items[index].fullName))
          }
        }
        state.list.replace(with: lines)
        state.width = width
      }
      let cursor = state.editing ? (kit.context.style.unicode ? "▏" : "_") : ""
      let field = "Search: " + DisplayWidth.singleLine(state.query) + cursor
      let listHeight = max(size.rows - 2, 1)
      let top = state.list.scroll(height: listHeight)
      let visible = state.list.lines.dropFirst(top).prefix(listHeight).map(\.text)
      return ScreenContent(
        title: "GitHub", lines: [field, ""] + visible,
        selected: state.editing ? nil : state.list.selected.map { $0 - top + 2 }, status: state.action ?? state.status)
    }
  }

  func handle(_ key: Key, size: ScreenSize) async -> ScreenAction {
    state.withLock { $0.action = nil }
    if isEditing { return edit(key) }
    let (moved, selected) = state.withLock { state in
      (state.list.handle(key, height: max(size.rows - 2, 1)), state.list.selectedItem)
    }
    if moved { return .handled }
    switch key {
    case .character("/"):
      state.withLock { $0.editing = true }
      return .handled
    case .enter:
      guard let selected else { return .handled }
      return .open(RepoScreen(kit: kit, fullName: selected))
    case .character("r"):
      search(after: nil, policy: .refresh)
      return .handled
    case .character("*"):
      guard let selected else { return .handled }
      let done = await kit.toggleStar(selected)
      state.withLock { $0.action = done }
      return .handled
    default:
      return .ignored
    }
  }

  /// A key while the query field has focus.
  private func edit(_ key: Key) -> ScreenAction {
    switch key {
    case .character(let character):
      state.withLock { $0.query.append(character) }
      search(after: Self.debounce, policy: kit.context.policy)
    case .paste(let text):
      state.withLock { $0.query += DisplayWidth.singleLine(text) }
      search(after: Self.debounce, policy: kit.context.policy)
    case .backspace:
      // One grapheme: an accented letter or an emoji goes whole.
      guard state.withLock({ $0.query.popLast() }) != nil else { return .handled }
      search(after: Self.debounce, policy: kit.context.policy)
    case .enter:
      state.withLock { $0.editing = false }
      search(after: nil, policy: kit.context.policy)
    case .down, .escape:
      state.withLock { $0.editing = false }
    case .tab, .backTab, .interrupt, .suspend:
      return .ignored
    default:
      break
    }
    return .handled
  }
}

/// One GitHub repo in `app ui`: the repo view model's states, the repo at once and its related courses when found.
final class RepoScreen: InteractiveScreen {
  private struct State {
    /// The repo's lines; its related courses can be selected when another feature opens them.
    var list = SelectableList<String>()
    var status = "Loading…"
    /// What the last key did (starred), shown over the status until the next key.
    var action: String?
    var redraw: @Sendable () -> Void = {}
  }

  private let kit: SearchScreenKit
  private let fullName: String
  private let state = Mutex(State())
  private let reading = ScreenTask()

  init(kit: SearchScreenKit, fullName: String) {
    self.kit = kit
    self.fullName = fullName
  }

  var keys: [(key: String, meaning: String)] { [SearchScreenKit.starKey] }

  func appear(redraw: @escaping @Sendable () -> Void) {
    state.withLock { $0.redraw = redraw }
    load(policy: kit.context.policy)
  }

  func disappear() {
    reading.cancel()
  }

  private func load(policy: CachePolicy) {
    let viewModel = kit.detail.make()
    let fullName = fullName
    reading.replace { [self] in
      async let shown: Void = follow(viewModel.states)
      await viewModel.load(fullName: fullName, policy: policy)
      viewModel.finish()
      await shown
    }
  }

  private func follow(_ states: AsyncStream<RepoDetailViewState>) async {
    let terminal = kit.context.command.terminal
    for await viewState in states {
      let redraw = state.withLock { state in
        if let overview = viewState.overview {
          let lines = RepoDetailTerminalView.text(overview, on: terminal).split(
            separator: "\n", omittingEmptySubsequences: false
          ).map { SelectableList<String>.Line(String($0)) }
          let courses = overview.relatedCourses.items ?? []
          let opens = kit.context.routes.offers(SearchScreenKit.courseRoute)
          // The section is a blank line, its heading, then a line a course.
          let related = RepoDetailTerminalView.relatedText(overview.relatedCourses).split(
            separator: "\n", omittingEmptySubsequences: false
          ).enumerated().map { index, line in
            SelectableList.Line(
              String(line), item: opens && (2..<2 + courses.count).contains(index) ? courses[index - 2].id : nil)
          }
          state.list.replace(with: lines.dropLast() + related)
          if overview.relatedCourses == .pending {
            state.status = "Looking up related courses…"
          } else if case .error(let failure, _) = viewState {
            state.status = "Cached details: \(failure.title)"
          } else {
            state.status = ""
          }
        } else if let failure = viewState.failure {
          state.status = failure.title
        }
        return state.redraw
      }
      redraw()
    }
  }

  func content(size: ScreenSize) -> ScreenContent {
    state.withLock { state in
      let top = state.list.scroll(height: size.rows)
      return ScreenContent(
        title: fullName, lines: state.list.lines.map(\.text), selected: state.list.selected, top: top,
        status: state.action ?? state.status)
    }
  }

  func handle(_ key: Key, size: ScreenSize) async -> ScreenAction {
    let (moved, selected) = state.withLock { state in
      state.action = nil
      return (state.list.handle(key, height: size.rows), state.list.selectedItem)
    }
    if moved { return .handled }
    switch key {
    case .enter:
      // A related course, in the feature that shows courses.
      guard let selected, let screen = kit.context.routes.screen(SearchScreenKit.courseRoute, selected) else {
        return .handled
      }
      return .open(screen)
    case .character("r"): load(policy: .refresh)
    case .character("*"):
      let done = await kit.toggleStar(fullName)
      state.withLock { $0.action = done }
    default: return .ignored
    }
    return .handled
  }
}
