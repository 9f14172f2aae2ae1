import CoursesPresenter
import CoursesUseCase
import DI
import FeatureKit
import Foundation
import Presenter
import Repository
import Synchronization
import UseCase

/// What the Courses screens of `app ui` share: the presenters' factories, the terminal and the session's policy.
struct CoursesScreenKit: Sendable {
  let home: Factory<any CoursesHomeView, CoursesHomePresenter>
  let detail: Factory<any CourseDetailView, CourseDetailPresenter>
  let stock: Factory<any StockView, StockPresenter>
  let context: ScreenContext

  init(_ context: ScreenContext) throws {
    let container = context.command.container
    home = try container.resolve()
    detail = try container.resolve()
    stock = try container.resolve()
    self.context = context
  }

  /// The screens' own keys.
  static let keys: [(key: String, meaning: String)] = [("s", "stock or unstock the selected course")]
  /// The route of a course's detail, which other features' screens open.
  static let courseRoute = "course"
  /// The route of a GitHub repo's view, which another feature may add.
  static let repoRoute = "github-repo"
}

/// The Courses home screen of `app ui`: the home presenter's states, drawn as a list of courses to open.
final class CoursesHomeScreen: InteractiveScreen, CoursesHomeView, StockView {
  private struct State {
    var list = SelectableList<String>()
    var main: Outcome<MainDto, CoursesFailure>?
    var width = 0
    var status = ""
    /// What the last key did (stocked, unstocked), shown over the status until the next key.
    var action: String?
    var redraw: @Sendable () -> Void = {}
  }

  private let kit: CoursesScreenKit
  private let state = Mutex(State())
  private let reading = ScreenTask()

  init(kit: CoursesScreenKit) {
    self.kit = kit
  }

  var keys: [(key: String, meaning: String)] { CoursesScreenKit.keys }

  func appear(redraw: @escaping @Sendable () -> Void) {
    state.withLock { $0.redraw = redraw }
    read(policy: kit.context.policy)
  }

  func disappear() {
    reading.cancel()
  }

  private func read(policy: CachePolicy) {
    let presenter = kit.home.make(self)
    reading.replace {
      await presenter.onAppear(
        recentLimit: HomeScreenLimits.recent, recommendedLimit: HomeScreenLimits.recommended, policy: policy)
    }
  }

  func render(_ viewState: CoursesHomeViewState) async {
    let terminal = kit.context.command.terminal
    let redraw = state.withLock { state in
      switch viewState {
      case .loading(let cached):
        if let cached { state.main = cached }
        state.width = 0
        state.status = cached == nil ? "Loading courses…" : "Refreshing courses…"
      case .content(let main, let stale):
        state.main = main
        state.width = 0
        let fetched = DateText.text(main.provenance.fetchedAt, on: terminal, now: main.answeredAt)
        state.status =
          stale.map { "Cached courses from \(fetched): \($0.title)" }
          ?? (main.provenance.isStale ? "Cached courses from \(fetched), not refreshed" : "Courses as of \(fetched)")
      case .failure(let failure):
        state.status = failure.title
      }
      return state.redraw
    }
    redraw()
  }

  func render(_ stockState: StockViewState) {
    let redraw = state.withLock { state in
      state.action = Self.status(of: stockState)
      return state.redraw
    }
    redraw()
  }

  /// The status line after stocking or unstocking.
  static func status(of stockState: StockViewState) -> String? {
    switch stockState {
    case .stocked(let course, let already): already ? "\(course.id) was already stocked" : "Stocked \(course.id)"
    case .unstocked(let id, let was): was ? "Unstocked \(id)" : "\(id) was not stocked"
    case .failure(let failure): failure.title
    case .list: nil
    }
  }

  func content(size: ScreenSize) -> ScreenContent {
    state.withLock { state in
      let width = max(size.columns - 1, 1)
      if let main = state.main, state.width != width {
        let text = CoursesHomeText(columns: width, color: false, stockedMark: kit.context.style.mark)
        state.list.replace(with: text.rows(main.content))
        state.width = width
      }
      let top = state.list.scroll(height: size.rows)
      return ScreenContent(
        title: "Home", lines: state.list.lines.map(\.text), selected: state.list.selected, top: top,
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
      guard let selected else { return .handled }
      return .open(CourseDetailScreen(kit: kit, id: selected))
    case .character("r"):
      read(policy: .refresh)
      return .handled
    case .character("s"):
      guard let selected else { return .handled }
      // Whether the course is stocked, as the screen shows it.
      let stocked = state.withLock { state in
        state.main.map { main in
          (main.content.recentCourses + main.content.recommendedCourses + main.content.rankings.flatMap(\.courses))
            .contains { $0.course.id == selected && $0.stocked }
        } ?? false
      }
      let presenter = kit.stock.make(self)
      let policy = kit.context.policy
      reading.replace { [self] in
        if stocked {
          await presenter.unstock(id: selected)
        } else {
          await presenter.stock(id: selected, policy: policy)
        }
        // The marks come from the home screen's read: the cache just read serves it.
        await kit.home.make(self).onAppear(
          recentLimit: HomeScreenLimits.recent, recommendedLimit: HomeScreenLimits.recommended,
          policy: policy == .offline ? .offline : .standard)
      }
      return .handled
    default:
      return .ignored
    }
  }
}

/// One course in `app ui`: the detail presenter's states, the course at once and its related repos when found.
final class CourseDetailScreen: InteractiveScreen, CourseDetailView, StockView {
  private struct State {
    /// The course's lines; its related repos can be selected when another feature opens them.
    var list = SelectableList<String>()
    var status = "Loading the course…"
    /// Whether the course shown is stocked; `nil` until it is shown.
    var stocked: Bool?
    /// What the last key did (stocked, unstocked), shown over the status until the next key.
    var action: String?
    var redraw: @Sendable () -> Void = {}
  }

  private let kit: CoursesScreenKit
  private let id: String
  private let state = Mutex(State())
  private let reading = ScreenTask()

  init(kit: CoursesScreenKit, id: String) {
    self.kit = kit
    self.id = id
  }

  var keys: [(key: String, meaning: String)] { CoursesScreenKit.keys }

  func appear(redraw: @escaping @Sendable () -> Void) {
    state.withLock { $0.redraw = redraw }
    read(policy: kit.context.policy)
  }

  func disappear() {
    reading.cancel()
  }

  private func read(policy: CachePolicy) {
    let presenter = kit.detail.make(self)
    let id = id
    reading.replace { await presenter.show(id: id, policy: policy) }
  }

  /// Stocks the course, or unstocks it when it is stocked, then shows it again (from the cache just read).
  private func toggleStock() {
    guard let stocked = state.withLock({ $0.stocked }) else { return }
    let stocking = kit.stock.make(self)
    let detail = kit.detail.make(self)
    let (id, policy) = (id, kit.context.policy)
    reading.replace {
      if stocked {
        await stocking.unstock(id: id)
      } else {
        await stocking.stock(id: id, policy: policy)
      }
      await detail.show(id: id, policy: policy == .offline ? .offline : .standard)
    }
  }

  func render(_ stockState: StockViewState) {
    let redraw = state.withLock { state in
      state.action = CoursesHomeScreen.status(of: stockState)
      return state.redraw
    }
    redraw()
  }

  func render(_ viewState: CourseDetailViewState) async {
    let terminal = kit.context.command.terminal
    let redraw = state.withLock { state in
      switch viewState {
      case .content(let detail, let stale):
        state.stocked = detail.course.stocked
        let related = CourseDetailTerminalView.relatedLines(detail.relatedRepos)
        let repos = detail.relatedRepos.items ?? []
        let opens = kit.context.routes.offers(CoursesScreenKit.repoRoute)
        // The section is a blank line, its heading, then a line a repo.
        let relatedLines = related.enumerated().map { index, line in
          SelectableList.Line(line, item: opens && index >= 2 ? repos[index - 2].fullName : nil)
        }
        state.list.replace(
          with: CourseDetailTerminalView.courseLines(detail, on: terminal).map { SelectableList.Line($0) }
            + relatedLines)
        if detail.relatedRepos == .pending {
          state.status = "Looking up related GitHub repos…"
        } else if let stale {
          state.status = "Cached course: \(stale.title)"
        } else {
          state.status = ""
        }
      case .failure(let failure):
        state.status = failure.title
      }
      return state.redraw
    }
    redraw()
  }

  func content(size: ScreenSize) -> ScreenContent {
    state.withLock { state in
      let top = state.list.scroll(height: size.rows)
      return ScreenContent(
        title: id, lines: state.list.lines.map(\.text), selected: state.list.selected, top: top,
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
      // A related repo, in the feature that shows repos.
      guard let selected, let screen = kit.context.routes.screen(CoursesScreenKit.repoRoute, selected) else {
        return .handled
      }
      return .open(screen)
    case .character("r"): read(policy: .refresh)
    case .character("s"): toggleStock()
    default: return .ignored
    }
    return .handled
  }
}
