import DI
import Foundation
import Presenter
import Repository
import SearchUseCase
import UseCase

/// What the repository screen (`app search view`) shows once loading ends.
public enum RepoDetailViewState: Sendable, Equatable {
  /// The repository's details.
  case loaded(RepoOverview)
  /// Loading failed; `previous` is the cached overview that can still be shown as stale, if any.
  case error(UserFacingError, previous: RepoOverview?)

  /// What failed when the state has nothing to show: the command ends with it.
  public var failure: UserFacingError? {
    if case .error(let failure, nil) = self { failure } else { nil }
  }
}

/// The repository screen's view model: loads one repository's details through the cache.
public final class RepoDetailViewModel: DependencyInjectable, Sendable {
  /// What the view model needs.
  public struct Dependency: Sendable {
    /// The detail use case.
    public var repoDetail: RepoDetailUseCase
    /// The time zone local times are shown in.
    public var timeZone: TimeZone

    /// Creates the dependencies.
    public init(repoDetail: RepoDetailUseCase, timeZone: TimeZone = .current) {
      self.repoDetail = repoDetail
      self.timeZone = timeZone
    }
  }

  private let dependency: Dependency

  private init(dependency: Dependency) {
    self.dependency = dependency
  }

  /// Creates the view model.
  public static func make(with dependency: Dependency) -> RepoDetailViewModel {
    RepoDetailViewModel(dependency: dependency)
  }

  /// Loads `fullName` (`owner/name`) and returns what to show once the read has settled.
  public func load(fullName: String, policy: CachePolicy = .standard) async -> RepoDetailViewState? {
    var shown: RepoDetailViewState?
    for await read in dependency.repoDetail.read(fullName: fullName, policy: policy) where read.isSettled {
      shown = viewState(read)
    }
    return shown
  }

  /// What the screen shows for a settled read.
  func viewState(_ read: ReadState<RepoDetail, SearchFailure>) -> RepoDetailViewState? {
    let timeZone = dependency.timeZone
    switch read {
    case .loading: return nil
    case .done(let outcome):
      let overview = RepoOverview(outcome)
      guard let failure = outcome.refreshFailure else { return .loaded(overview) }
      return .error(SearchErrorMessages.userFacing(failure, timeZone: timeZone), previous: overview)
    case .failed(let failure):
      return .error(SearchErrorMessages.userFacing(failure, timeZone: timeZone), previous: nil)
    }
  }
}
