import CoursesUseCase
import DI
import Foundation
import Presenter
import Repository
import UseCase

/// What the Courses home screen shows at one moment.
public enum CoursesHomeViewState: Hashable, Sendable {
  /// Fetching from the origin; `cached` is what the cache had, shown meanwhile.
  case loading(cached: Outcome<MainDto, CoursesFailure>?)
  /// The screen's content and where it came from; `stale` says why it could not be refreshed, when it could not.
  case content(Outcome<MainDto, CoursesFailure>, stale: UserFacingError?)
  /// Nothing to show.
  case failure(UserFacingError)
}

/// The Courses home screen's presenter (MVP): renders each state of the use case's read, cache first, then the
/// origin, and stale content over nothing.
///
/// On appear it renders
/// 1. `loading` with the screen as cached (if anything is) while the origin is asked;
/// 2. the content, from the origin or, when the origin failed, kept from the cache with a stale notice;
/// 3. or the failure, when there is nothing to show.
public struct CoursesHomePresenter: DependencyInjectable, Sendable {
  /// The home screen's use case, the view and the catalog.
  public typealias Dependency = CoursesScreenDependency<GetMainUseCase, any StateView<CoursesHomeViewState>>

  private let dependency: Dependency

  /// Builds the presenter.
  public static func make(with dependency: Dependency) -> CoursesHomePresenter {
    CoursesHomePresenter(dependency: dependency)
  }

  /// Reads and renders the home screen; returns the last state rendered (`loading` only when the read was
  /// cancelled before it settled). `following` (a screen) renders the home again each time the store of stocks
  /// holds its courses another way, until the calling task is cancelled.
  @discardableResult
  public func read(
    recentLimit: Int, recommendedLimit: Int, policy: CachePolicy, following: Bool = false
  ) async -> CoursesHomeViewState {
    var shown = CoursesHomeViewState.loading(cached: nil)
    for await read in dependency.useCase.read(
      recentLimit: recentLimit, recommendedLimit: recommendedLimit, policy: policy, following: following)
    {
      shown = viewState(read, policy: policy)
      await dependency.view.render(shown)
    }
    return shown
  }

  /// What the screen shows for one state of the read.
  func viewState(_ read: ReadState<MainDto, CoursesFailure>, policy: CachePolicy) -> CoursesHomeViewState {
    switch read {
    case .loading(let cached):
      return .loading(cached: cached)
    case .done(let main):
      // Content kept from the cache: `--offline` shows it again.
      let stale = main.refreshFailure.map {
        $0.userFacing(catalog: dependency.catalog, offlineCommand: "app courses --offline")
      }
      return .content(main, stale: stale)
    case .failed(let failure):
      guard policy != .offline else { return .failure(notCachedFailure) }
      return .failure(failure.userFacing(catalog: dependency.catalog))
    }
  }

  /// Why `--offline` shows nothing: the screen was never read, which the demo catalog does without a network.
  private var notCachedFailure: UserFacingError {
    let limits = "then --offline shows it, also with a smaller --recent-limit or --recommended-limit."
    guard dependency.catalog.isDemo else {
      return UserFacingError(
        title: "the home screen is not in the cache, and --offline allows no network",
        hint: "Run `app courses` once online (without --offline); " + limits)
    }
    return UserFacingError(
      title: "the home screen is not in the cache",
      hint: "Run `app courses` once without --offline (the bundled demo catalog needs no network); " + limits)
  }
}
