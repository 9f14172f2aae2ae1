import DI
import Foundation
import Presenter
import Repository
import SearchUseCase
import UseCase

/// What the repo screen (`app search view`) shows.
public enum RepoDetailViewState: Sendable, Equatable {
  /// The details of `fullName` are being read: nothing to show yet.
  case loading(fullName: String)
  /// The repo's details; their related courses may still be ``/UseCase/Related/pending``: a later state has them.
  case loaded(Outcome<RepoDetail, SearchFailure>)
  /// Loading failed; `previous` is the cached overview that can still be shown as stale, if any.
  case error(UserFacingError, previous: Outcome<RepoDetail, SearchFailure>?)

  /// What failed when the state has nothing to show: the command ends with it.
  public var failure: UserFacingError? {
    if case .error(let failure, nil) = self { failure } else { nil }
  }

  /// The details the state shows, if any.
  public var overview: Outcome<RepoDetail, SearchFailure>? {
    switch self {
    case .loaded(let overview): overview
    case .error(_, let previous): previous
    case .loading: nil
    }
  }
}

/// The repo screen's view model: loads one repo's details through the cache and renders the screen's states into
/// its view: the details once they are read (their related courses pending), then with their related courses, or
/// the failure.
public struct RepoDetailViewModel: DependencyInjectable, Sendable {
  /// The detail use case, the view and the time zone.
  public typealias Dependency = SearchScreenDependency<RepoDetailUseCase, any StateView<RepoDetailViewState>>

  private let dependency: Dependency

  /// Creates the view model.
  public static func make(with dependency: Dependency) -> RepoDetailViewModel {
    RepoDetailViewModel(dependency: dependency)
  }

  /// Reads `fullName` (`owner/name`), rendering what to show as the read goes: `loading`, the details once read,
  /// then with their related courses, or the failure. Returns the last state rendered (`loading` when the read was
  /// cancelled before the details were read). `following` (a screen) renders the details again each time the store
  /// of stars holds the repo's star another way, until the calling task is cancelled.
  @discardableResult
  public func read(
    fullName: String, policy: CachePolicy = .standard, following: Bool = false
  ) async -> RepoDetailViewState {
    var shown = RepoDetailViewState.loading(fullName: fullName)
    await dependency.view.render(shown)
    for await read in dependency.useCase.read(fullName: fullName, policy: policy, following: following) {
      guard let state = viewState(read) else { continue }
      shown = state
      await dependency.view.render(state)
    }
    return shown
  }

  /// What the screen shows for a state of the read: the details once read (their related courses pending, or
  /// found), or the failure; `nil` while the details themselves are loading.
  func viewState(_ read: ReadState<RepoDetail, SearchFailure>) -> RepoDetailViewState? {
    let timeZone = dependency.timeZone
    switch read {
    case .loading(let outcome?) where outcome.isFillingIn:
      return viewState(.done(outcome))
    case .loading: return nil
    case .done(let outcome):
      guard let failure = outcome.refreshFailure else { return .loaded(outcome) }
      return .error(failure.userFacing(timeZone: timeZone), previous: outcome)
    case .failed(let failure):
      return .error(failure.userFacing(timeZone: timeZone), previous: nil)
    }
  }
}
