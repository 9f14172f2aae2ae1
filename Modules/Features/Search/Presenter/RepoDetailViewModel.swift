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
}

/// The repository screen's view model: loads one repository's details through the cache.
public final class RepoDetailViewModel: DependencyInjectable, Sendable {
  /// What the view model needs.
  public struct Dependency: Sendable {
    /// The detail use case.
    public var repositoryDetail: any RepoDetailUseCase
    /// The time zone local times are shown in.
    public var timeZone: TimeZone

    /// Creates the dependencies.
    public init(repositoryDetail: any RepoDetailUseCase, timeZone: TimeZone = .current) {
      self.repositoryDetail = repositoryDetail
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

  /// Loads `fullName` (`owner/name`) and returns what to show.
  public func load(fullName: String, policy: CachePolicy = .standard) async -> RepoDetailViewState {
    do {
      let outcome = try await dependency.repositoryDetail.execute(fullName: fullName, policy: policy)
      let overview = RepoOverview(outcome)
      guard let failure = outcome.refreshFailure else { return .loaded(overview) }
      return .error(SearchErrorMessages.userFacing(failure, timeZone: dependency.timeZone), previous: overview)
    } catch {
      return .error(SearchErrorMessages.userFacing(error, timeZone: dependency.timeZone), previous: nil)
    }
  }
}
