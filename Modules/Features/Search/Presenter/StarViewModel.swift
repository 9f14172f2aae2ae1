import DI
import Foundation
import Presenter
import SearchUseCase
import UseCase

/// What `app search star` and `unstar` show once the request ends.
public enum StarViewState: Sendable, Equatable {
  /// The repo is now starred (`true`) or not (`false`).
  case done(fullName: String, starred: Bool)
  /// The request failed.
  case error(UserFacingError)

  /// What failed, if the request did: the command ends with it.
  public var failure: UserFacingError? {
    if case .error(let failure) = self { failure } else { nil }
  }
}

/// The view model of starring and unstarring.
public final class StarViewModel: DependencyInjectable, Sendable {
  /// The star use case and the time zone.
  public typealias Dependency = SearchScreenDependency<StarRepoUseCase>

  private let dependency: Dependency

  private init(dependency: Dependency) {
    self.dependency = dependency
  }

  /// Creates the view model.
  public static func make(with dependency: Dependency) -> StarViewModel {
    StarViewModel(dependency: dependency)
  }

  /// Stars (`starred: true`) or unstars `fullName` and returns what to show.
  public func setStarred(_ starred: Bool, fullName: String) async -> StarViewState {
    do {
      let change = try await dependency.useCase.execute(fullName: fullName, starred: starred)
      return .done(fullName: change.fullName, starred: change.starred)
    } catch {
      return .error(SearchErrorMessages.userFacing(error, timeZone: dependency.timeZone))
    }
  }
}
