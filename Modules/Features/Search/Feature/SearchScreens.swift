import CoursesInterface
import DI
import FeatureKit
import Foundation
import Presenter
import Repository
import SearchInterface
import SearchPresenter
import SearchUseCase
import Synchronization
import UseCase

/// What the Search screens of `app ui` share: the star view model's factory, the screen context (the terminal, the
/// session's policy, the routes) and the stars being sent. Each screen's read follows the store of stars for the
/// repos it shows, so a star shows on every one at once.
final class SearchScreenKit: Sendable {
  let star: Factory<any StateView<StarViewState>, StarViewModel>
  let context: ScreenContext
  /// The repos whose star is being sent (keyed by ``/SearchUseCase/ViewerStars/key(_:)``), with how many sends of each
  /// are under way and the number of the latest toggle of each; and the last number given.
  private let sends = Mutex<(keys: [String: (count: Int, latest: Int)], toggles: Int)>(([:], 0))

  /// Whether a star of `key` is being sent.
  private func isSending(_ key: String) -> Bool { sends.withLock { $0.keys[key] != nil } }

  /// Notes a toggle of `key` whose send starts; answers its number.
  private func startSend(_ key: String) -> Int {
    sends.withLock { sends in
      sends.toggles += 1
      sends.keys[key] = ((sends.keys[key]?.count ?? 0) + 1, sends.toggles)
      return sends.toggles
    }
  }

  /// Whether the toggle numbered `number` is the latest of `key`.
  private func isLatest(_ key: String, _ number: Int) -> Bool {
    sends.withLock { ($0.keys[key]?.latest ?? number) == number }
  }

  /// Notes that a send of `key` ended.
  private func endSend(_ key: String) {
    sends.withLock { sends in
      guard let entry = sends.keys[key] else { return }
      sends.keys[key] = entry.count > 1 ? (entry.count - 1, entry.latest) : nil
    }
  }

  init(_ context: ScreenContext) throws {
    star = try context.command.container.resolve()
    self.context = context
  }

  /// The key both screens share.
  static let starKey = (key: "*", meaning: "star the selected repo (again: unstar it); needs a token")
  /// Its hint.
  static let starHint = KeyHint("*", "star")
  /// `*` on a repo that is starred now.
  static let unstarHint = KeyHint("*", "unstar")

  /// How the status line says a change is being sent, before the store decided which way.
  static let sendingPrefix = "Sending the change of "

  /// The status line while the star (`starring`) or unstar of `name` is sent.
  static func sending(_ name: String, starring: Bool) -> String {
    "Sending the \(starring ? "star" : "unstar") of \(name) to GitHub…"
  }

  /// What `*` does to a repo that is `starred` now.
  static func starHint(starred: Bool) -> KeyHint { starred ? unstarHint : starHint }

  /// The mark of a repo the store holds as `star`: ``/FeatureKit/ScreenStyle/mark`` once GitHub has it,
  /// ``/FeatureKit/ScreenStyle/waitingMark`` while it waits; none when not starred.
  func mark(_ star: ViewerStar?) -> String {
    guard let star, star.starred else { return " " }
    return star.waitsForGitHub ? context.style.waitingMark : context.style.mark
  }

  /// Stars `fullName`, or unstars it when the store of stars says it is starred: the change is written at once,
  /// decided from the store alone in one step of the repo's key (never GitHub; two presses undo each other), so
  /// every screen following the repo marks it on the next frame whatever GitHub does; the send follows apart, and
  /// `model`'s status (through `line`) says what became of it. A second `*` on a repo whose star is in flight is a
  /// newer intent, which that send delivers after it; the status says so, and only the latest toggle's outcome
  /// replaces it. Returns at once. Under `--offline` the change is kept for `app sync`.
  func toggleStar<Item, Fields>(_ fullName: String, on model: ScreenModel<Item, Fields>, line: StarLine) {
    let key = ViewerStars.key(fullName)
    let inFlight = isSending(key)
    model.update {
      $0.action =
        context.policy == .offline
        ? "Keeping the star of \(fullName)…"
        : inFlight
          ? "Changing the star of \(fullName) again: sent after the one in flight…"
          : Self.sendingPrefix + "\(fullName) to GitHub…"
    }
    let (offline, sync) = (context.policy == .offline, context.sync)
    let number = startSend(key)
    // The line says a star while the toggle is the repo's latest: an older send's outcome never replaces what a
    // newer press says.
    let starring = star.make(
      ActionLine { state in
        if case .sending(let name, let starring) = state {
          // The toggle decided now which way it goes: the line says so (a second press in flight keeps its own).
          return model.update { state in
            guard state.action?.hasPrefix(Self.sendingPrefix) == true else { return }
            state.action = Self.sending(name, starring: starring)
          }
        }
        guard self.isLatest(key, number) else { return }
        line.say(state, on: model)
      })
    Task {
      defer { self.endSend(key) }
      // Once GitHub took it, what waits since earlier may go now.
      await starring.change(toggling: fullName, offline: offline, taken: { sync.send() })
    }
  }

  /// Says `line`'s status line again on `model` when the store of stars no longer holds what it says (`star`: the
  /// star a screen's read shows now; a background sync or another process sent or changed it) while no send of
  /// that repo is under way here.
  func restate<Item, Fields>(
    _ line: StarLine, on model: ScreenModel<Item, Fields>, star: (String) -> ViewerStar?
  ) {
    line.restate(on: model) { name in isSending(ViewerStars.key(name)) ? nil : star(name) }
  }
}

/// What a screen's status line said last of a star, so that it is said again when the store of stars holds
/// something else for the repo: the line matches the row's mark.
final class StarLine: Sendable {
  /// A settled star said: the repo, what it was said to be, why it waits, and the line's text.
  private struct Said: Sendable {
    var name: String
    var star: ViewerStar
    var reason: String?
    var text: String
  }

  private let said = Mutex<Said?>(nil)

  /// Says `state` on `model`'s status line.
  func say<Item, Fields>(_ state: StarViewState, on model: ScreenModel<Item, Fields>) {
    let text = Self.text(of: state)
    said.withLock {
      guard case .done(let name, let starred, let waiting) = state else { return $0 = nil }
      $0 = Said(
        name: name, star: ViewerStar(starred: starred, waitsForGitHub: waiting != nil), reason: waiting?.reason,
        text: text)
    }
    model.update { $0.action = text }
  }

  /// Says the last settled star again as `star(fullName)` holds its repo now (`nil`: as it was) when that is
  /// another way, or sent since, while the status line still shows it.
  func restate<Item, Fields>(on model: ScreenModel<Item, Fields>, star: (String) -> ViewerStar?) {
    guard var said = said.withLock({ $0 }), let now = star(said.name),
      now.starred != said.star.starred || (said.star.waitsForGitHub && !now.waitsForGitHub)
    else { return }
    let shown = said.text
    said.star = now
    if !now.waitsForGitHub { said.reason = nil }
    said.text = Self.done(said.name, starred: now.starred, waits: now.waitsForGitHub, reason: said.reason)
    self.said.withLock { $0 = said }
    model.update(where: { $0.action == shown }) { $0.action = said.text }
  }

  /// The line of a star (`starred`) or unstar of `name` that GitHub took, or that `waits` (for `reason`).
  private static func done(_ name: String, starred: Bool, waits: Bool, reason: String?) -> String {
    (starred ? "Starred \(name)" : "Unstarred \(name)")
      + (waits ? " (waiting for GitHub" + (reason.map { ": \($0)" } ?? "") + "; app sync sends it)" : "")
  }

  /// The line after starring or unstarring.
  static func text(of state: StarViewState) -> String {
    switch state {
    case .done(let name, let isStarred, let waiting):
      done(name, starred: isStarred, waits: waiting != nil, reason: waiting?.reason)
    case .refused(let name, let starring, let failure):
      // In the words the background sender's refusals use.
      "Refused \(starring ? "star" : "unstar") \(name): \(failure.title) (undone)"
    case .error(let failure) where failure.kind == .authentication:
      // The command's advice, made to fit one status line.
      "Starring needs a GitHub token: set GH_TOKEN or GITHUB_TOKEN and start again"
    case .error(let failure):
      failure.description
    case .sending(let name, let starring):
      "\(starring ? "Starring" : "Unstarring") \(name)…"
    }
  }
}

/// GitHub search as you type, in `app ui`: a query field over the results the search view model renders.
///
/// While the field has focus, typing edits the query; a search starts once the typing pauses for
/// ``debounce`` and the query has at least ``minimumQueryLength`` characters. Each search has a view model of its
/// own, made for this screen, and starting one cancels the last, so an older query's answer never replaces a newer
/// one's.
final class SearchScreen: InteractiveScreen, StateView {
  /// How long the typing must pause before a search starts.
  static let debounce = Duration.milliseconds(250)
  /// The shortest query searched.
  static let minimumQueryLength = 2
  /// Searches left at which typing stops searching (Enter still does): what is left is kept for the user's own
  /// word, and for the related lookups that share the limit.
  static let reserve = 2
  /// The status before a query long enough.
  static let prompt = "Type at least 2 characters to search GitHub."

  /// The query field and the results shown.
  private struct Fields {
    var query = ""
    var editing = true
    /// The results shown, with their stars as the store of stars holds them.
    var shown: Outcome<FoundRepos, SearchFailure>?
    /// How many results to ask for: ``RepoSearchRequest/defaultLimit`` for a new query, a page more each time the
    /// selection moves past the last result while GitHub has more.
    var limit = RepoSearchRequest.defaultLimit
    /// The result selected when a page more was asked for: the selection moves past it once the page comes.
    var past: String?
  }

  private let viewModel: Factory<any StateView<SearchViewState>, SearchViewModel>
  private let kit: SearchScreenKit
  /// The results' lines, each selecting a repo's `owner/name`.
  private let model: ScreenModel<String, Fields>
  /// The status line of the last star.
  private let line = StarLine()

  init(viewModel: Factory<any StateView<SearchViewState>, SearchViewModel>, kit: SearchScreenKit, query: String) {
    self.viewModel = viewModel
    self.kit = kit
    model = ScreenModel(status: Self.prompt, fields: Fields(query: query))
  }

  var keys: [(key: String, meaning: String)] {
    [
      ("/", "type a query (Esc or ↓ leaves the field)"), ("↑", "on the first result: back to the query"),
      ("Enter", "in the field: search now"), ("Ctrl-W Ctrl-U", "in the field: delete the last word, clear it"),
      ("↓", "on the last result: \(RepoSearchRequest.defaultLimit) more, while GitHub has more"),
      SearchScreenKit.starKey,
    ]
  }

  var isEditing: Bool { model.withState { $0.fields.editing } }

  func appear(redraw: @escaping @Sendable () -> Void) {
    model.appear(redraw: redraw)
    if !model.withState({ $0.fields.query.isEmpty }) { search(after: nil, policy: kit.context.policy) }
  }

  func disappear() {
    model.disappear()
  }

  /// Searches the query after `delay` (a pause in the typing), cancelling the search before it. `pause`, when
  /// given, is that wait made before the key changed the field: a frame may show the new text as soon as the field
  /// holds it, and the pause must run from the key, not from whenever this runs.
  private func search(
    after delay: Duration?, policy: CachePolicy, pause: (@Sendable () async throws -> Void)? = nil
  ) {
    let query = model.withState { $0.fields.query.trimmingCharacters(in: .whitespaces) }
    guard query.count >= Self.minimumQueryLength else {
      // An empty or short query shows nothing: no results of an earlier one.
      model.task.cancel()
      model.update { state in
        state.status = Self.prompt
        state.hints = Self.keysShow
        state.fields.shown = nil
        state.width = 0
      }
      return
    }
    let viewModel = viewModel.make(self)
    if let left = viewModel.searchesLeft, left.count == 0 || (delay != nil && left.count <= Self.reserve) {
      // Typing must not use up GitHub's limit: Enter still searches while any search is left, and says when
      // searching comes back when none is.
      model.task.cancel()
      let until = left.until.map { " until " + RelativeTime.localTime($0) } ?? ""
      model.update {
        $0.status =
          left.count == 0
          ? "GitHub allows no more searches\(until): nothing was sent"
          : "GitHub allows \(left.count) more searches\(until): press Enter to search"
        $0.hints = []
      }
      return
    }
    // A new query starts at the first page; the same one (Enter, `r`, a page more) keeps what is shown.
    let limit = model.withState { state in
      if state.fields.shown?.request.query != query {
        state.fields.limit = RepoSearchRequest.defaultLimit
        state.fields.past = nil
      }
      return state.fields.limit
    }
    let wait = pause ?? delay.map { kit.context.wait($0) }
    model.task.replace {
      do { try await wait?() } catch { return }
      await viewModel.read(RepoSearchRequest(query: query, limit: limit), policy: policy, following: true)
    }
  }

  /// Whether GitHub has results past those shown, within the 1,000 it pages to: the search got all it asked for
  /// and fewer than match.
  private static func hasMore(_ shown: Outcome<FoundRepos, SearchFailure>?) -> Bool {
    guard let shown else { return false }
    return shown.items.count >= shown.request.limit && shown.items.count < shown.totalCount
      && shown.request.limit < RepoSearchRequest.limits.upperBound
  }

  /// Asks for a page more of the results shown, the selection on the last of them (`last`): the next frame after
  /// the page comes selects the first new result.
  private func more(after last: String) {
    let started = model.withState { state -> Bool in
      guard state.fields.past == nil, Self.hasMore(state.fields.shown), let shown = state.fields.shown else {
        return false
      }
      state.fields.limit = min(
        shown.request.limit + RepoSearchRequest.defaultLimit, RepoSearchRequest.limits.upperBound)
      state.fields.past = last
      return true
    }
    if started { search(after: nil, policy: kit.context.policy) }
  }

  /// Shows a state of a search while it is the latest (``/FeatureKit/ScreenModel/update(_:)`` drops an earlier one's).
  func render(_ viewState: SearchViewState) async {
    if case .idle = viewState { return }
    model.update { state in
      let laidOut = state.width
      switch viewState {
      case .idle:
        return
      case .loading(let previous):
        if let previous { state.fields.shown = previous }
        state.status = state.fields.past == nil ? "Searching GitHub…" : "Loading more results…"
        state.hints = Self.keysShow
      case .results(let list), .empty(let list):
        state.fields.shown = list
        let noun = list.totalCount == 1 ? "repository" : "repositories"
        state.status =
          list.items.isEmpty
          ? "No repositories matched your search."
          : "Showing \(list.items.count) of \(list.totalCount) \(noun)"
            + (list.provenance.isStale ? ", cached \(RelativeTime.ago(seconds: list.age))" : "")
        state.hints = Self.keysShow
      case .error(let failure, let previous):
        if let previous { state.fields.shown = previous }
        state.report(failure, keeping: previous == nil ? nil : "results")
      }
      state.width = 0
      guard let past = state.fields.past, viewState.isSettled else { return }
      // The page more came (or failed): the selection moves past the result it was on.
      state.fields.past = nil
      guard case .results = viewState, laidOut > 0 else { return }
      state.list.replace(with: rows(state, width: laidOut))
      state.width = laidOut
      if state.list.selectedItem == past { state.list.move(by: 1) }
    }
    let stars = model.withState { $0.fields.shown?.stars } ?? ViewerStars()
    kit.restate(line, on: model) { stars[fullName: $0] }
  }

  /// What the model keeps as its hints while the status leaves room for keys: the keys themselves depend on the
  /// field's focus and the results, and are named when the screen is drawn (``hints(_:)``).
  private static let keysShow = [KeyHint.help]

  /// The keys that act on the screen as it is; `*`'s says what it does to the selected repo now.
  private static func hints(_ fields: Fields, selected: String?) -> [KeyHint] {
    let results = !(fields.shown?.items.isEmpty ?? true)
    if fields.editing {
      guard !fields.query.isEmpty else { return [] }
      let searchable = fields.query.trimmingCharacters(in: .whitespaces).count >= minimumQueryLength
      return (searchable ? [KeyHint("Enter", "search")] : []) + (results ? [KeyHint("↓", "results")] : [])
        + [KeyHint("Ctrl-U", "clear")]
    }
    let starred = selected.flatMap { fields.shown?.stars[fullName: $0]?.starred } ?? false
    // On the last result, ↓ asks for a page more while GitHub has more.
    let more = hasMore(fields.shown) && selected != nil && selected == fields.shown?.items.last?.fullName
    return (more ? [KeyHint("↓", "more")] : [])
      + (results ? [KeyHint("Enter", "open"), SearchScreenKit.starHint(starred: starred)] : [])
      + [KeyHint("/", "search"), KeyHint("r", "refresh"), .help]
  }

  /// The lines over the results at `size`: the query field, a blank line when there are rows to spare, and the
  /// results' column names, which stay while the rows scroll.
  private func header(_ fields: Fields, width: Int, rows: Int) -> [String] {
    let cursor = kit.context.style.unicode ? "▏" : "_"
    let label = "Search: "
    var query = DisplayWidth.singleLine(fields.query)
    // The end of a query wider than the field shows, where the cursor is.
    let room = width - DisplayWidth.of(label) - 1
    if fields.editing, DisplayWidth.of(query) > room, room > 1 {
      var tail = ""
      for character in query.reversed() {
        guard DisplayWidth.of(String(character) + tail) <= room - 1 else { break }
        tail = String(character) + tail
      }
      query = "…" + tail
    }
    var lines = [label + query + (fields.editing ? cursor : "")]
    if rows >= 8 { lines.append("") }
    if let shown = fields.shown, !shown.items.isEmpty {
      let table = RepoTable.table(shown.items, columns: width - 1, now: shown.answeredAt)
      lines.append(" " + (table.split(separator: "\n").first.map(String.init) ?? ""))
    }
    return lines
  }

  /// How many rows the header takes at `size`.
  private func headerRows(_ size: ScreenSize) -> Int {
    model.withState { header($0.fields, width: max(size.columns - 1, 1), rows: size.rows).count }
  }

  /// The results' rows at `width`, each selecting its repo's `owner/name`.
  private func rows(_ state: ScreenModel<String, Fields>.State, width: Int) -> [SelectableList<String>.Line] {
    guard let shown = state.fields.shown, !shown.items.isEmpty else { return [] }
    // A column before every line keeps the names off the selection marker, as the other screens' rows are, and
    // marks a starred repo (another mark while GitHub has not taken the star).
    let table = RepoTable.table(shown.items, columns: width - 1, now: shown.answeredAt).split(separator: "\n")
    return zip(table.dropFirst(), shown.items).map { line, item in
      SelectableList.Line(kit.mark(shown.stars[fullName: item.fullName]) + line, item: item.fullName)
    }
  }

  func content(size: ScreenSize) -> ScreenContent {
    var content = model.content(
      title: "GitHub", size: size,
      header: { [self] state, width in header(state.fields, width: width, rows: size.rows) },
      layout: { [self] state, width in rows(state, width: width) })
    if !content.hints.isEmpty { content.hints = Self.hints(model.withState { $0.fields }, selected: model.selected) }
    if isEditing { content.selected = nil }
    return content
  }

  func handle(_ key: Key, size: ScreenSize) -> ScreenAction {
    if isEditing {
      model.withState { $0.action = nil }
      return edit(key)
    }
    // ↑ on the first result goes back to the query field.
    let onFirst = model.withState { state in
      state.list.selectedItem != nil && state.list.selectedItem == state.list.lines.first { $0.item != nil }?.item
    }
    if key == .up, onFirst {
      model.withState {
        $0.fields.editing = true
        $0.action = nil
      }
      return .handled
    }
    // ↓ on the last result asks GitHub for a page more, while it has more.
    if [.down, .character("j")].contains(key), let last = model.withState({ $0.fields.shown?.items.last?.fullName }),
      model.selected == last
    {
      more(after: last)
    }
    let (moved, selected) = model.move(key, rows: size.rows - headerRows(size))
    if moved { return .handled }
    switch key {
    case .character("/"):
      model.withState { $0.fields.editing = true }
      return .handled
    case .enter:
      // The repo opens by its route, as another feature's screen opens it.
      guard let selected, let repo = kit.context.routes.screen(SearchRoutes.repo, selected) else { return .handled }
      return .open(repo)
    case .character("r"):
      search(after: nil, policy: kit.context.refreshPolicy)
      return .handled
    case .character("*"):
      if let selected { kit.toggleStar(selected, on: model, line: line) }
      return .handled
    default:
      return .ignored
    }
  }

  /// A key while the query field has focus.
  private func edit(_ key: Key) -> ScreenAction {
    // The typing pause runs from this key; see search(after:policy:pause:).
    let pause = kit.context.wait(Self.debounce)
    switch key {
    case .character("/") where model.withState({ $0.fields.query.isEmpty }):
      // `/` focuses the field, which has focus already: it is not typed into an empty query (`repo:a/b` keeps its
      // own).
      break
    case .character(let character):
      model.withState { $0.fields.query.append(character) }
      search(after: Self.debounce, policy: kit.context.policy, pause: pause)
    case .paste(let text):
      model.withState { $0.fields.query += DisplayWidth.singleLine(text) }
      search(after: Self.debounce, policy: kit.context.policy, pause: pause)
    case .backspace:
      // One grapheme: an accented letter or an emoji goes whole.
      guard model.withState({ $0.fields.query.popLast() }) != nil else { return .handled }
      search(after: Self.debounce, policy: kit.context.policy, pause: pause)
    case .clearLine:
      guard model.withState({ $0.fields.query.isEmpty }) == false else { return .handled }
      model.withState { $0.fields.query = "" }
      search(after: Self.debounce, policy: kit.context.policy, pause: pause)
    case .deleteWord:
      // The last word and the spaces after it, as a shell's Ctrl-W does.
      let deleted = model.withState { state -> Bool in
        let query = state.fields.query
        guard !query.isEmpty else { return false }
        let kept = query.reversed().drop { $0 == " " }.drop { $0 != " " }
        state.fields.query = String(kept.reversed())
        return true
      }
      if deleted { search(after: Self.debounce, policy: kit.context.policy, pause: pause) }
    case .enter:
      model.withState { $0.fields.editing = false }
      search(after: nil, policy: kit.context.policy)
    case .down, .escape:
      model.withState { $0.fields.editing = false }
    case .tab, .backTab, .interrupt, .suspend:
      return .ignored
    default:
      break
    }
    return .handled
  }
}

/// One GitHub repo in `app ui`: the states the repo view model renders, the repo at once and its related courses
/// when found, and its `Starred:` line as the store of stars holds it from then on (a `*` here or on the results,
/// or another process's star), all from the one read.
final class RepoScreen: ReadingScreen, StateView {
  private let viewModel: Factory<any StateView<RepoDetailViewState>, RepoDetailViewModel>
  private let kit: SearchScreenKit
  private let fullName: String
  /// The repo's lines (its related courses can be selected when another feature opens them), and the repo as its
  /// read rendered it last.
  let model = ScreenModel<String, RepoDetailViewState?>(status: "Loading…", fields: nil)
  /// The status line of the last star.
  private let line = StarLine()

  init(
    viewModel: Factory<any StateView<RepoDetailViewState>, RepoDetailViewModel>, kit: SearchScreenKit, fullName: String
  ) {
    self.viewModel = viewModel
    self.kit = kit
    self.fullName = fullName
  }

  var keys: [(key: String, meaning: String)] { [SearchScreenKit.starKey] }
  var context: ScreenContext { kit.context }

  /// The keys the screen takes once the repo is shown: `*`'s says what it does now; Enter only when a related
  /// course shown can be opened.
  func hints(opening: Bool, starred: Bool) -> [KeyHint] {
    [SearchScreenKit.starHint(starred: starred)] + (opening ? [KeyHint("Enter", "open a course")] : [])
      + [KeyHint("Esc", "back"), .help]
  }

  func read(policy: CachePolicy) {
    let viewModel = viewModel.make(self)
    let fullName = fullName
    model.task.replace { await viewModel.read(fullName: fullName, policy: policy, following: true) }
  }

  /// Shows a state of the read while it is the latest (``/FeatureKit/ScreenModel/update(_:)`` drops an earlier one's).
  func render(_ viewState: RepoDetailViewState) async {
    model.update { state in
      state.fields = viewState
      show(&state)
    }
    let (star, repo) = (viewState.overview?.viewerStar, ViewerStars.key(fullName))
    kit.restate(line, on: model) { ViewerStars.key($0) == repo ? star : nil }
  }

  /// Lays out what the read rendered last, its `Starred:` line as the store of stars holds it once the read has its
  /// own answer (while it asks GitHub, the status says so).
  private func show(_ state: inout ScreenModel<String, RepoDetailViewState?>.State) {
    guard let viewState = state.fields else { return }
    if let overview = viewState.overview {
      let lines = RepoDetailTerminalView.details(overview, on: kit.context.command.terminal).split(
        separator: "\n", omittingEmptySubsequences: false
      ).map { SelectableList<String>.Line(String($0)) }
      let related = SelectableList.relatedSection(
        RepoDetailTerminalView.relatedText(overview.relatedCourses).split(
          separator: "\n", omittingEmptySubsequences: false
        ).map(String.init),
        items: (overview.relatedCourses.items ?? []).map(\.id),
        selectable: kit.context.routes.offers(CoursesRoutes.course))
      state.list.replace(with: lines.dropLast() + related)
      state.hints = hints(
        opening: related.contains { $0.item != nil }, starred: overview.viewerStar?.starred ?? false)
      if overview.relatedCourses == .pending {
        state.status = "Looking up related courses…"
      } else if overview.starPending {
        state.status = "Asking GitHub whether you starred it…"
      } else {
        // What the line command says too: a stale repo's failure and hint, a related lookup's failure.
        var stale: UserFacingError?
        if case .error(let failure, _) = viewState { stale = failure }
        state.report(
          stale, keeping: "details",
          notes: [overview.relatedCourses.unavailableNote(what: "related courses")].compactMap { $0 })
      }
    } else if let failure = viewState.failure {
      state.report(failure)
    }
  }

  func content(size: ScreenSize) -> ScreenContent {
    model.content(title: fullName, size: size)
  }

  func handle(_ key: Key, size: ScreenSize) -> ScreenAction {
    // Enter on a related course opens it in the feature that shows courses.
    let routes = kit.context.routes
    if let action = handleReadingKeys(key, size: size, open: { routes.screen(CoursesRoutes.course, $0) }) {
      return action
    }
    guard key == .character("*") else { return .ignored }
    kit.toggleStar(fullName, on: model, line: line)
    return .handled
  }
}
