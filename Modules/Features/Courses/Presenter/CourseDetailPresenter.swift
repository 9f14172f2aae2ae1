import CoursesUseCase
import DI
import Presenter
import Repository
import UseCase

/// What the course detail screen shows.
public enum CourseDetailViewState: Hashable, Sendable {
  /// The course and where it came from; `stale` says why it could not be refreshed, when it could not. Its related
  /// repos may still be ``/UseCase/Related/pending``: a later state has them.
  case content(Outcome<CourseDetailDto, CoursesFailure>, stale: UserFacingError?)
  /// Nothing to show.
  case failure(UserFacingError)
}

/// The course detail screen's presenter: the origin (or a fresh cache), falling back to stale cached content, as
/// the use case's read settles.
public struct CourseDetailPresenter: DependencyInjectable, Sendable {
  /// The course's use case, the view and the catalog.
  public typealias Dependency = CoursesScreenDependency<CourseDetailUseCase, any StateView<CourseDetailViewState>>

  private let dependency: Dependency

  /// Builds the presenter.
  public static func make(with dependency: Dependency) -> CourseDetailPresenter {
    CourseDetailPresenter(dependency: dependency)
  }

  /// Reads and renders course `id`: the course once it is read, then again with its related repos; returns the
  /// last state rendered (`nil` when the read was cancelled first, and nothing was rendered). `following` (a
  /// screen) renders the course again each time the store of stocks holds it another way, until the calling task
  /// is cancelled.
  @discardableResult
  public func read(id: String, policy: CachePolicy, following: Bool = false) async -> CourseDetailViewState? {
    var shown: CourseDetailViewState?
    for await read in dependency.useCase.read(id: id, policy: policy, following: following) {
      guard let state = viewState(read, id: id) else { continue }
      await dependency.view.render(state)
      shown = state
    }
    return shown
  }

  /// What the screen shows for a state of the read: the course once it is read (its related repos pending, or
  /// found), or the failure; `nil` while the course itself is loading.
  func viewState(_ read: ReadState<CourseDetailDto, CoursesFailure>, id: String) -> CourseDetailViewState? {
    let catalog = dependency.catalog
    switch read {
    case .loading(let detail?) where detail.relatedRepos == .pending:
      return viewState(.done(detail), id: id)
    case .loading:
      return nil
    case .done(let detail):
      // Content kept from the cache: `show <id> --offline` shows it again.
      let stale = detail.refreshFailure.map {
        $0.userFacing(catalog: catalog, offlineCommand: "app courses show \(id) --offline")
      }
      return .content(detail, stale: stale)
    case .failed(let failure):
      return .failure(failure.userFacing(catalog: catalog))
    }
  }
}
