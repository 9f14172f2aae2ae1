import DI
import Foundation
import Presenter
import Repository
import SearchUseCase
import Synchronization
import UseCase

/// The search screen's view model: runs searches and renders the screen's states into its view.
///
/// It shows `idle` until the first search; each ``read(_:policy:following:)`` renders a state for each state of the use
/// case's read: `loading(previous:)` while GitHub is asked, then one settled state: `results`, `empty`, or
/// `error(_, previous:)`. When GitHub fails but the same search is cached, the error carries the cached results as
/// `previous`, so the view can show them as stale.
public final class SearchViewModel: DependencyInjectable, Sendable {
  /// The search use case, the view and the time zone.
  public typealias Dependency = SearchScreenDependency<SearchReposUseCase, any StateView<SearchViewState>>

  private let dependency: Dependency
  private let current = Mutex(SearchViewState.idle)

  private init(dependency: Dependency) {
    self.dependency = dependency
  }

  /// Creates the view model.
  public static func make(with dependency: Dependency) -> SearchViewModel {
    SearchViewModel(dependency: dependency)
  }

  /// The state rendered last (`idle` before the first search).
  public var state: SearchViewState { current.withLock { $0 } }

  /// How many searches GitHub said are left, and until when (`nil` when nothing is known).
  public var searchesLeft: SearchesLeft? { dependency.useCase.searchesLeft }

  /// Runs `request` as `policy` says, rendering a state for each state of the read: `loading` (with the search's
  /// cached results, else what was shown before), then the settled state, which it also returns (the state shown
  /// before, or `loading`, when the read was cancelled before it settled). `following` (a screen) renders the
  /// results again, with their stars, each time the store of stars holds them another way, until the calling task
  /// is cancelled.
  @discardableResult
  public func read(
    _ request: RepoSearchRequest, policy: CachePolicy = .standard, following: Bool = false
  ) async -> SearchViewState {
    let previous = state.content
    let timeZone = dependency.timeZone
    var shown = state
    for await read in dependency.useCase.read(request, policy: policy, following: following) {
      shown = Self.viewState(read, previous: previous, timeZone: timeZone)
      current.withLock { $0 = shown }
      await dependency.view.render(shown)
    }
    return shown
  }

  /// What the screen shows for one state of a read.
  static func viewState(
    _ read: ReadState<FoundRepos, SearchFailure>, previous: Outcome<FoundRepos, SearchFailure>?,
    timeZone: TimeZone
  ) -> SearchViewState {
    switch read {
    case .loading(let cached):
      return .loading(previous: cached ?? previous)
    case .done(let outcome):
      if let failure = outcome.refreshFailure {
        return .error(failure.userFacing(timeZone: timeZone), previous: outcome)
      }
      return outcome.items.isEmpty ? .empty(outcome) : .results(outcome)
    case .failed(let failure):
      return .error(failure.userFacing(timeZone: timeZone), previous: nil)
    }
  }
}
