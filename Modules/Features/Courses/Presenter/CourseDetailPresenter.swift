import CoursesUseCase
import DI
import Presenter
import Repository
import UseCase

/// What the course detail screen shows.
public enum CourseDetailViewState: Hashable, Sendable {
  /// The course and where it came from; `stale` says why it could not be refreshed, when it could not.
  case content(Outcome<CourseDetailDto, CoursesError>, stale: UserFacingError?)
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
    /// The course, from where a cache policy allows.
    public let getDetail: any GetCourseDetailUseCase
    /// Where states are shown.
    public let view: any CourseDetailView
    /// The catalog the data comes from, which the failures' hints speak of.
    public let catalog: CoursesCatalog

    /// Creates the dependency.
    public init(getDetail: any GetCourseDetailUseCase, view: any CourseDetailView, catalog: CoursesCatalog = .api) {
      self.getDetail = getDetail
      self.view = view
      self.catalog = catalog
    }
  }

  private let dependency: Dependency

  /// Builds the presenter.
  public static func make(with dependency: Dependency) -> CourseDetailPresenter {
    CourseDetailPresenter(dependency: dependency)
  }

  /// Loads and renders course `id`; returns the state rendered.
  @discardableResult
  public func show(id: String, policy: CachePolicy) async -> CourseDetailViewState {
    let state = await load(id: id, policy: policy)
    dependency.view.render(state)
    return state
  }

  private func load(id: String, policy: CachePolicy) async -> CourseDetailViewState {
    let catalog = dependency.catalog
    if policy == .offline {
      do {
        return .content(try await dependency.getDetail.execute(id: id, policy: .offline), stale: nil)
      } catch {
        return .failure(CoursesErrorMessages.userFacing(error, catalog: catalog))
      }
    }
    // The cached course is read only when the origin fails; the failure is described for both outcomes, and the
    // one that fits is kept: with the course cached, the hint names the command that shows it offline.
    var failed: (any Error)?
    let settled = await CacheThenOrigin.settle(
      cached: try? await dependency.getDetail.execute(id: id, policy: .offline),
      fetch: { try await dependency.getDetail.execute(id: id, policy: policy) },
      present: { $0 },
      describe: { error in
        failed = error
        return CoursesErrorMessages.userFacing(
          error, catalog: catalog, offlineCommand: "app courses show \(CoursesErrorMessages.oneLine(id)) --offline")
      },
      // A course the origin does not know is not shown from the cache either.
      keepsCache: { ($0 as? CoursesError)?.concernsTheCourse != true })
    switch settled {
    case .content(let detail, let stale): return .content(detail, stale: stale)
    case .failure(let failure):
      guard let failed else { return .failure(failure) }
      return .failure(CoursesErrorMessages.userFacing(failed, catalog: catalog))
    }
  }
}
