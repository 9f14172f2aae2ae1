import CoursesPresenter
import CoursesUseCase
import DI
import FeatureKit
import Foundation
import Presenter
import Repository
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
final class CoursesHomeScreen: ReadingScreen, CoursesHomeView, StockView {
  private let kit: CoursesScreenKit
  /// The courses' ids, and the home screen's content once read.
  let model = ScreenModel<String, Outcome<MainDto, CoursesFailure>?>(status: "", fields: nil)

  init(kit: CoursesScreenKit) {
    self.kit = kit
  }

  var keys: [(key: String, meaning: String)] { CoursesScreenKit.keys }
  var context: ScreenContext { kit.context }

  func read(policy: CachePolicy) {
    let presenter = kit.home.make(self)
    model.task.replace {
      await presenter.onAppear(
        recentLimit: HomeScreenLimits.recent, recommendedLimit: HomeScreenLimits.recommended, policy: policy)
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
      case .content(let main, let stale):
        state.fields = main
        state.width = 0
        let fetched = DateText.text(main.provenance.fetchedAt, on: terminal, now: main.answeredAt)
        state.status =
          stale.map { "Cached courses from \(fetched): \($0.title)" }
          ?? (main.provenance.isStale ? "Cached courses from \(fetched), not refreshed" : "Courses as of \(fetched)")
      case .failure(let failure):
        state.status = failure.title
      }
    }
  }

  func render(_ stockState: StockViewState) {
    model.update { $0.action = Self.status(of: stockState) }
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
    model.content(
      title: "Home", size: size,
      layout: { [kit] state, width in
        guard let main = state.fields else { return [] }
        return CoursesHomeText(columns: width, color: false, stockedMark: kit.context.style.mark).rows(main.content)
      })
  }

  func handle(_ key: Key, size: ScreenSize) async -> ScreenAction {
    if let action = handleReadingKeys(key, size: size, open: { [kit] in CourseDetailScreen(kit: kit, id: $0) }) {
      return action
    }
    switch key {
    case .character("s"):
      guard let selected = model.selected else { return .handled }
      // Whether the course is stocked, as the screen shows it.
      let stocked = model.withState { state in
        state.fields.map { main in
          (main.content.recentCourses + main.content.recommendedCourses + main.content.rankings.flatMap(\.courses))
            .contains { $0.course.id == selected && $0.stocked }
        } ?? false
      }
      let presenter = kit.stock.make(self)
      let policy = kit.context.policy
      model.task.replace { [self] in
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
final class CourseDetailScreen: ReadingScreen, CourseDetailView, StockView {
  private let kit: CoursesScreenKit
  private let id: String
  /// The course's lines (its related repos can be selected when another feature opens them), and whether the
  /// course is stocked (`nil` until it is shown).
  let model = ScreenModel<String, Bool?>(status: "Loading the course…", fields: nil)

  init(kit: CoursesScreenKit, id: String) {
    self.kit = kit
    self.id = id
  }

  var keys: [(key: String, meaning: String)] { CoursesScreenKit.keys }
  var context: ScreenContext { kit.context }

  func read(policy: CachePolicy) {
    let presenter = kit.detail.make(self)
    let id = id
    model.task.replace { await presenter.show(id: id, policy: policy) }
  }

  /// Stocks the course, or unstocks it when it is stocked, then shows it again (from the cache just read).
  private func toggleStock() {
    guard let stocked = model.withState({ $0.fields }) else { return }
    let stocking = kit.stock.make(self)
    let detail = kit.detail.make(self)
    let (id, policy) = (id, kit.context.policy)
    model.task.replace {
      if stocked {
        await stocking.unstock(id: id)
      } else {
        await stocking.stock(id: id, policy: policy)
      }
      await detail.show(id: id, policy: policy == .offline ? .offline : .standard)
    }
  }

  func render(_ stockState: StockViewState) {
    model.update { $0.action = CoursesHomeScreen.status(of: stockState) }
  }

  func render(_ viewState: CourseDetailViewState) async {
    let terminal = kit.context.command.terminal
    model.update { state in
      switch viewState {
      case .content(let detail, let stale):
        state.fields = detail.course.stocked
        let related = SelectableList.relatedSection(
          CourseDetailTerminalView.relatedLines(detail.relatedRepos),
          items: (detail.relatedRepos.items ?? []).map(\.fullName),
          selectable: kit.context.routes.offers(CoursesScreenKit.repoRoute))
        state.list.replace(
          with: CourseDetailTerminalView.courseLines(detail, on: terminal).map { SelectableList.Line($0) } + related)
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
    }
  }

  func content(size: ScreenSize) -> ScreenContent {
    model.content(title: id, size: size)
  }

  func handle(_ key: Key, size: ScreenSize) async -> ScreenAction {
    // Enter on a related repo opens it in the feature that shows repos.
    let routes = kit.context.routes
    if let action = handleReadingKeys(key, size: size, open: { routes.screen(CoursesScreenKit.repoRoute, $0) }) {
      return action
    }
    guard key == .character("s") else { return .ignored }
    toggleStock()
    return .handled
  }
}
