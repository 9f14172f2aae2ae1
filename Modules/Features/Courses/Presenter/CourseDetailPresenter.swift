import CoursesUseCase
import DI
import Presenter
import UseCase

/// What the course detail screen shows.
public enum CourseDetailViewState: Hashable, Sendable {
  /// The course; `stale` says why it could not be refreshed, when it could not.
  case content(CourseDetailDto, stale: UserFacingError?)
  /// Nothing to show.
  case failure(UserFacingError)
}

/// Shows course detail states.
public protocol CourseDetailView: Sendable {
  /// Shows `state`.
  func render(_ state: CourseDetailViewState)
}

/// The course detail screen's presenter: the origin (or a fresh cache), falling back to stale cached content.
public struct CourseDetailPresenter: DependencyInjectable, Sendable {
  /// Everything the presenter needs.
  public struct Dependency: Sendable {
    /// The course from the origin (or a fresh cache).
    public let getDetail: GetCourseDetailUseCase
    /// The course from the cache only.
    public let getDetailLocal: GetCourseDetailUseCase
    /// Where states are shown.
    public let view: any CourseDetailView

    /// Creates the dependency.
    public init(getDetail: GetCourseDetailUseCase, getDetailLocal: GetCourseDetailUseCase, view: any CourseDetailView) {
      self.getDetail = getDetail
      self.getDetailLocal = getDetailLocal
      self.view = view
    }
  }

  private let dependency: Dependency

  /// Builds the presenter.
  public static func make(with dependency: Dependency) -> CourseDetailPresenter {
    CourseDetailPresenter(dependency: dependency)
  }

  /// Loads and renders course `id`; returns the state rendered.
  @discardableResult
  public func show(id: String, mode: CoursesLoadMode) async -> CourseDetailViewState {
    let state = await load(id: id, mode: mode)
    dependency.view.render(state)
    return state
  }

  private func load(id: String, mode: CoursesLoadMode) async -> CourseDetailViewState {
    if mode == .offline {
      do {
        return .content(try await dependency.getDetailLocal.execute(id: id), stale: nil)
      } catch {
        return .failure(CoursesErrorMessages.userFacing(error))
      }
    }
    let settled = await CacheThenOrigin.settle(
      cached: try? await dependency.getDetailLocal.execute(id: id),
      fetch: { Fetched(try await dependency.getDetail.execute(id: id, refresh: mode == .refresh)) },
      describe: CoursesErrorMessages.userFacing,
      // A course the origin does not know is not shown from the cache either.
      keepsCache: { !($0 is CoursesError) })
    switch settled {
    case .content(let detail, let stale): return .content(detail, stale: stale)
    case .failure(let failure): return .failure(failure)
    }
  }
}
