import CoursesUseCase
import DI
import Foundation
import Presenter
import Repository
import UseCase

/// What stocking, unstocking and listing stocked courses show.
public enum StockViewState: Hashable, Sendable {
  /// `course` is now stocked; `alreadyStocked` when it was before (nothing changed).
  case stocked(Course, alreadyStocked: Bool)
  /// `id` is no longer stocked; `wasStocked` is `false` when it was not stocked (nothing changed); `title` is the
  /// one it was stocked with, when known.
  case unstocked(id: String, wasStocked: Bool, title: String? = nil)
  /// The stocked courses, most recent first, as read at `answeredAt` (what their ages are measured at).
  case list([StockedCourse], answeredAt: Date)
  /// The action failed.
  case failure(UserFacingError)
}

/// The presenter of `courses stock`, `unstock` and `stocked`: user data, changed only on the user's word.
public struct StockPresenter: DependencyInjectable, Sendable {
  /// The stocks' use case, the view and the catalog the failures' hints speak of.
  public typealias Dependency = CoursesScreenDependency<StockCourseUseCase, any StateView<StockViewState>>

  private let dependency: Dependency

  /// Builds the presenter.
  public static func make(with dependency: Dependency) -> StockPresenter {
    StockPresenter(dependency: dependency)
  }

  /// Stocks course `id`, checking it as `policy` says (`.offline`: against the cache only).
  ///
  /// A bookmark is local data: when the origin cannot be asked (down, failing), a course the cache knows is
  /// stocked all the same (the use case decides); the origin's failure is reported only when the cache does not
  /// know the course.
  @discardableResult
  public func change(stocking id: String, policy: CachePolicy) async -> StockViewState {
    await render { () async throws(CoursesFailure) in
      Self.state(of: try await dependency.useCase.stock(id: id, policy: policy).content)
    }
  }

  /// Unstocks course `id`.
  @discardableResult
  public func change(unstocking id: String) async -> StockViewState {
    await render { () async throws(CoursesFailure) in
      Self.state(of: try await dependency.useCase.unstock(id: id).content)
    }
  }

  /// Stocks course `id`, or unstocks it when it is stocked: the store of stocks decides when the change runs (not
  /// what a screen showed when its key was pressed), from the store and the cached catalog alone, so the change is
  /// made at once whatever the origin does and two toggles in a row undo each other.
  @discardableResult
  public func change(toggling id: String) async -> StockViewState {
    await render { () async throws(CoursesFailure) in
      Self.state(of: try await dependency.useCase.toggle(id: id))
    }
  }

  /// Lists the stocked courses.
  @discardableResult
  public func read() async -> StockViewState {
    await render { () async throws(CoursesFailure) in
      let stocked = try await dependency.useCase.stocked()
      return .list(stocked.content, answeredAt: stocked.answeredAt)
    }
  }

  /// What the screen shows of a change.
  private static func state(of change: StockChange) -> StockViewState {
    switch change {
    case .stocked(let course, _, let newly): .stocked(course, alreadyStocked: !newly)
    case .unstocked(let id, let title): .unstocked(id: id, wasStocked: title != nil, title: title)
    }
  }

  private func render(_ action: () async throws(CoursesFailure) -> StockViewState) async -> StockViewState {
    let state: StockViewState
    do {
      state = try await action()
    } catch {
      state = .failure(error.userFacing(catalog: dependency.catalog))
    }
    await dependency.view.render(state)
    return state
  }
}
