import DI
import Foundation
import Presenter
import Repository
import SearchUseCase
import Synchronization
import UseCase

/// The search screen's view model: runs searches and publishes the screen's states as an async sequence.
///
/// ``states`` starts with `idle`; each ``search(_:)`` maps the states of the use case's read: `loading(previous:)`
/// while GitHub is asked, then one settled state: `results`, `empty`, or `error(_, previous:)`. When GitHub fails
/// but the same search is cached, the error carries the cached results as `previous`, so the view can show them
/// as stale.
public final class SearchViewModel: DependencyInjectable, Sendable {
  /// The search use case and the time zone.
  public typealias Dependency = SearchScreenDependency<SearchReposUseCase>

  /// The states of the screen, oldest first; buffered, so a view may start reading late.
  public let states: AsyncStream<SearchViewState>

  private let dependency: Dependency
  private let continuation: AsyncStream<SearchViewState>.Continuation
  private let current = Mutex(SearchViewState.idle)

  private init(dependency: Dependency) {
    self.dependency = dependency
    (states, continuation) = AsyncStream.makeStream(of: SearchViewState.self)
    continuation.yield(.idle)
  }

  /// Creates the view model.
  public static func make(with dependency: Dependency) -> SearchViewModel {
    SearchViewModel(dependency: dependency)
  }

  /// The state shown now.
  public var state: SearchViewState { current.withLock { $0 } }

  /// How many searches GitHub said are left, and until when (`nil` when nothing is known).
  public var searchesLeft: SearchesLeft? { dependency.useCase.searchesLeft }

  /// Runs `request` as `policy` says, publishing a state for each state of the read: `loading` (with the search's cached results,
  /// else what was shown before), then the settled state, which it also returns.
  @discardableResult
  public func search(_ request: RepoSearchRequest, policy: CachePolicy = .standard) async -> SearchViewState {
    let previous = state.content
    let timeZone = dependency.timeZone
    var shown = state
    for await read in dependency.useCase.read(request, policy: policy) {
      shown = Self.viewState(read, request: request, previous: previous, timeZone: timeZone)
      publish(shown)
    }
    return shown
  }

  /// What the screen shows for one state of a read.
  static func viewState(
    _ read: ReadState<FoundRepos, SearchFailure>, request: RepoSearchRequest, previous: RepoList?,
    timeZone: TimeZone
  ) -> SearchViewState {
    switch read {
    case .loading(let cached):
      return .loading(previous: cached.map { RepoList($0, request: request) } ?? previous)
    case .done(let outcome):
      let list = RepoList(outcome, request: request)
      if let failure = outcome.refreshFailure {
        return .error(SearchErrorMessages.userFacing(failure, timeZone: timeZone), previous: list)
      }
      return list.items.isEmpty ? .empty(list) : .results(list)
    case .failed(let failure):
      return .error(SearchErrorMessages.userFacing(failure, timeZone: timeZone), previous: nil)
    }
  }

  /// Ends ``states``; call it when the screen goes away.
  public func finish() {
    continuation.finish()
  }

  private func publish(_ state: SearchViewState) {
    current.withLock { $0 = state }
    continuation.yield(state)
  }
}
