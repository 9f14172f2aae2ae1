import CoursesInterface
import CoursesPresenter
import CoursesUseCase
import DI
import FeatureKit
import Foundation
import Presenter
import Repository
import SearchInterface
import UseCase

/// What the Courses screens of `app ui` share: the stock presenter's factory and the screen context (the terminal,
/// the session's policy, the routes). Each screen's read follows the store of stocks for the courses it shows, so a
/// stock shows on every one at once.
struct CoursesScreenKit: Sendable {
  let stock: Factory<any StateView<StockViewState>, StockPresenter>
  let context: ScreenContext

  init(_ context: ScreenContext) throws {
    stock = try context.command.container.resolve()
    self.context = context
  }

  /// The screens' own keys.
  static let keys: [(key: String, meaning: String)] = [("s", "stock or unstock the selected course")]

  /// The hint of the screens' own key.
  static let stockHint = KeyHint("s", "stock")
  /// `s` on a course that is stocked now.
  static let unstockHint = KeyHint("s", "unstock")

  /// The line after stocking or unstocking.
  static func line(of state: StockViewState) -> String? {
    switch state {
    case .stocked(let course, let already): already ? "\(course.id) was already stocked" : "Stocked \(course.id)"
    case .unstocked(let id, let was, _): was ? "Unstocked \(id)" : "\(id) was not stocked"
    case .failure(let failure): failure.description
    case .list: nil
    }
  }

  /// Stocks course `id`, or unstocks it when the store of stocks says it is stocked: written at once, decided from
  /// the store and the cached catalog alone (never the origin; two presses undo each other), so every screen
  /// following the course marks it on the next frame; `screen`'s status says what was done. Returns at once.
  func toggleStock(id: String, on screen: some ReadingScreen) {
    let stocking = stock.make(ActionLine(on: screen.model, line: Self.line(of:)))
    Task { await stocking.change(toggling: id) }
  }
}

/// The Courses home screen of `app ui`: the home presenter's states, drawn as a list of courses to open.
final class CoursesHomeScreen: ReadingScreen, StateView {
  private let presenter: Factory<any StateView<CoursesHomeViewState>, CoursesHomePresenter>
  private let kit: CoursesScreenKit
  /// The courses' ids, and the home screen's content once read, marked as the store of stocks holds them.
  let model = ScreenModel<String, Outcome<MainDto, CoursesFailure>?>(status: "", fields: nil)

  init(presenter: Factory<any StateView<CoursesHomeViewState>, CoursesHomePresenter>, kit: CoursesScreenKit) {
    self.presenter = presenter
    self.kit = kit
  }

  var keys: [(key: String, meaning: String)] { CoursesScreenKit.keys }
  var context: ScreenContext { kit.context }

  /// The keys that act on the home once it shows courses.
  static let hints = [KeyHint("Enter", "open"), CoursesScreenKit.stockHint, KeyHint("r", "refresh"), .help]

  func read(policy: CachePolicy) {
    let presenter = presenter.make(self)
    model.task.replace {
      await presenter.read(
        recentLimit: GetMainUseCase.recentLimit, recommendedLimit: GetMainUseCase.recommendedLimit, policy: policy,
        following: true)
    }
  }

  func render(_ viewState: CoursesHomeViewState) async {
    let terminal = kit.context.command.terminal
    model.update { state in
      switch viewState {
      case .loading(let cached):
        if let cached { state.fields = cached }
        state.width = 0
        state.status = cached == nil ? "Loading courses…" : "Refreshing courses…"
        state.hints = state.fields == nil ? [] : Self.hints
      case .content(let main, let stale):
        state.fields = main
        state.width = 0
        let fetched = DateText.text(main.provenance.fetchedAt, on: terminal, now: main.answeredAt)
        state.status =
          main.provenance.isStale ? "Cached courses from \(fetched), not refreshed" : "Courses as of \(fetched)"
        state.hints = Self.hints
        // A failure to refresh has more to say than the keys.
        if let stale { state.report(stale, keeping: "courses from \(fetched)") }
      case .failure(let failure):
        state.report(failure)
      }
    }
  }

  func content(size: ScreenSize) -> ScreenContent {
    var content = model.content(
      title: "Home", size: size,
      layout: { [kit] state, width in
        guard let main = state.fields?.content else { return [] }
        return CoursesHomeText(columns: width, color: false, stockedMark: kit.context.style.mark).rows(main)
      })
    // `s` says what it does to the selected course now.
    let selected = model.selected
    if let selected, model.withState({ $0.fields?.content.isStocked(selected) ?? false }) {
      content.hints = content.hints.map { $0 == CoursesScreenKit.stockHint ? CoursesScreenKit.unstockHint : $0 }
    }
    return content
  }

  func handle(_ key: Key, size: ScreenSize) -> ScreenAction {
    // Enter opens the course by its route, as another feature's screen would.
    let routes = kit.context.routes
    if let action = handleReadingKeys(key, size: size, open: { routes.screen(CoursesRoutes.course, $0) }) {
      return action
    }
    guard key == .character("s") else { return .ignored }
    if let selected = model.selected { kit.toggleStock(id: selected, on: self) }
    return .handled
  }
}

/// One course in `app ui`: the detail presenter's states, the course at once and its related repos when found.
final class CourseDetailScreen: ReadingScreen, StateView {
  private let presenter: Factory<any StateView<CourseDetailViewState>, CourseDetailPresenter>
  private let kit: CoursesScreenKit
  private let id: String
  /// The course's lines (its related repos can be selected when another feature opens them), and the course as its
  /// read rendered it last, its stock as the store of stocks holds it.
  let model = ScreenModel<String, CourseDetailViewState?>(status: "Loading the course…", fields: nil)

  init(
    presenter: Factory<any StateView<CourseDetailViewState>, CourseDetailPresenter>, kit: CoursesScreenKit, id: String
  ) {
    self.presenter = presenter
    self.kit = kit
    self.id = id
  }

  var keys: [(key: String, meaning: String)] { CoursesScreenKit.keys }
  var context: ScreenContext { kit.context }

  /// The keys the screen takes once the course is shown: `s`'s says what it does now; Enter only when a related
  /// repo shown can be opened.
  func hints(opening: Bool, stocked: Bool) -> [KeyHint] {
    [stocked ? CoursesScreenKit.unstockHint : CoursesScreenKit.stockHint]
      + (opening ? [KeyHint("Enter", "open a repo")] : []) + [KeyHint("Esc", "back"), .help]
  }

  func read(policy: CachePolicy) {
    let presenter = presenter.make(self)
    let id = id
    model.task.replace { await presenter.read(id: id, policy: policy, following: true) }
  }

  func render(_ viewState: CourseDetailViewState) async {
    model.update { state in
      state.fields = viewState
      show(&state)
    }
  }

  /// Lays out what the read rendered last.
  private func show(_ state: inout ScreenModel<String, CourseDetailViewState?>.State) {
    let terminal = kit.context.command.terminal
    switch state.fields {
    case .content(let detail, let stale)?:
      let related = SelectableList.relatedSection(
        CourseDetailTerminalView.relatedLines(detail.relatedRepos),
        items: (detail.relatedRepos.items ?? []).map(\.fullName),
        selectable: kit.context.routes.offers(SearchRoutes.repo))
      state.list.replace(
        with: CourseDetailTerminalView.courseLines(detail, on: terminal).map { SelectableList.Line($0) } + related)
      state.hints = hints(opening: related.contains { $0.item != nil }, stocked: detail.content.course.stocked)
      if detail.relatedRepos == .pending {
        state.status = "Looking up related GitHub repos…"
      } else {
        // What the line command says too: a stale course's failure and hint, a related lookup's failure.
        state.report(
          stale, keeping: "course",
          notes: [detail.relatedRepos.unavailableNote(what: "related GitHub repos")].compactMap { $0 })
      }
    case .failure(let failure)?:
      state.report(failure)
    case nil:
      break
    }
  }

  func content(size: ScreenSize) -> ScreenContent {
    model.content(title: id, size: size)
  }

  func handle(_ key: Key, size: ScreenSize) -> ScreenAction {
    // Enter on a related repo opens it in the feature that shows repos.
    let routes = kit.context.routes
    if let action = handleReadingKeys(key, size: size, open: { routes.screen(SearchRoutes.repo, $0) }) {
      return action
    }
    guard key == .character("s") else { return .ignored }
    // Once the course is shown.
    if case .content? = model.withState({ $0.fields }) { kit.toggleStock(id: id, on: self) }
    return .handled
  }
}
