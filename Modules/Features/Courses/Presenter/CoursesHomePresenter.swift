import CoursesUseCase
import DI
import Foundation
import Presenter
import Repository
import UseCase

/// What the Courses home screen shows at one moment.
public enum CoursesHomeViewState: Hashable, Sendable {
  /// Fetching from the origin; `cached` is what the cache had, shown meanwhile.
  case loading(cached: Outcome<MainDto, CoursesError>?)
  /// The screen's content and where it came from; `stale` says why it could not be refreshed, when it could not.
  case content(Outcome<MainDto, CoursesError>, stale: UserFacingError?)
  /// Nothing to show.
  case failure(UserFacingError)
}

extension CoursesHomeViewState {
  /// The state the cache-then-origin flow settled on.
  init(_ settled: Settled<Outcome<MainDto, CoursesError>, UserFacingError>) {
    switch settled {
    case .content(let main, let stale): self = .content(main, stale: stale)
    case .failure(let failure): self = .failure(failure)
    }
  }
}

/// Shows Courses home screen states.
public protocol CoursesHomeView: Sendable {
  /// Shows `state`, replacing what was shown before (a terminal view may animate while loading).
  func render(_ state: CoursesHomeViewState) async
}

/// The Courses home screen's presenter (MVP): cache first, then the origin, and stale content over nothing.
///
/// On appear it
/// 1. renders what the use case finds in the cache alone (`.offline`), if anything;
/// 2. fetches as the command's policy says and renders the result;
/// 3. on failure keeps the cached content on screen with a stale notice, or renders the failure.
public struct CoursesHomePresenter: DependencyInjectable, Sendable {
  /// Everything the presenter needs.
  public struct Dependency: Sendable {
    /// The home screen, from where a cache policy allows.
    public let getMain: any GetMainUseCase
    /// Where states are shown.
    public let view: any CoursesHomeView
    /// The catalog the data comes from, which the failures' hints speak of.
    public let catalog: CoursesCatalog

    /// Creates the dependency.
    public init(getMain: any GetMainUseCase, view: any CoursesHomeView, catalog: CoursesCatalog = .api) {
      self.getMain = getMain
      self.view = view
      self.catalog = catalog
    }
  }

  private let dependency: Dependency

  /// Builds the presenter.
  public static func make(with dependency: Dependency) -> CoursesHomePresenter {
    CoursesHomePresenter(dependency: dependency)
  }

  /// Loads and renders the home screen; returns the last state rendered.
  @discardableResult
  public func onAppear(recentLimit: Int, recommendedLimit: Int, policy: CachePolicy) async -> CoursesHomeViewState {
    let view = dependency.view
    let cached = try? await dependency.getMain.execute(
      recentLimit: recentLimit, recommendedLimit: recommendedLimit, policy: .offline)
    if policy == .offline {
      let state: CoursesHomeViewState =
        if let cached { .content(cached, stale: nil) } else { .failure(notCachedFailure) }
      await view.render(state)
      return state
    }
    await view.render(.loading(cached: cached))
    let catalog = dependency.catalog
    let settled = await CacheThenOrigin.settle(
      cached: cached,
      fetch: {
        try await dependency.getMain.execute(
          recentLimit: recentLimit, recommendedLimit: recommendedLimit, policy: policy)
      },
      present: { $0 },
      // `--offline` is worth naming only when something is cached.
      describe: {
        CoursesErrorMessages.userFacing(
          $0, catalog: catalog, offlineCommand: cached == nil ? nil : "app courses --offline")
      })
    let state = CoursesHomeViewState(settled)
    await view.render(state)
    return state
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
