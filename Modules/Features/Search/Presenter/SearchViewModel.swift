import DI
import Foundation
import Presenter
import SearchUseCase
import Synchronization
import UseCase

/// The search screen's view model: runs searches and publishes the screen's states as an async sequence.
///
/// ``states`` starts with `idle`; each ``search(_:)`` publishes `loading(previous:)` and then one settled state:
/// `results`, `empty`, or `error(_, previous:)`. When GitHub fails but the same search is cached, the error
/// carries the cached results as `previous`, so the view can show them as stale.
public final class SearchViewModel: DependencyInjectable, Sendable {
  /// What the view model needs.
  public struct Dependency: Sendable {
    /// The search use case.
    public var searchRepositories: any SearchReposUseCase
    /// The time zone local times are shown in.
    public var timeZone: TimeZone

    /// Creates the dependencies.
    public init(searchRepositories: any SearchReposUseCase, timeZone: TimeZone = .current) {
      self.searchRepositories = searchRepositories
      self.timeZone = timeZone
    }
  }

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

  /// Runs `request`, publishing `loading` and then the settled state, which it also returns.
  @discardableResult
  public func search(_ request: RepoSearchRequest) async -> SearchViewState {
    let previous = state.content
    publish(.loading(previous: previous))
    let timeZone = dependency.timeZone
    let outcome = await CacheThenOrigin.settle(
      // What this screen shows of the same search is its cache; the store keeps the one on disk.
      cached: previous.flatMap { $0.request == request ? $0 : nil },
      fetch: { try await dependency.searchRepositories.execute(request) },
      present: { RepoList($0, request: request) },
      describe: { SearchErrorMessages.userFacing(SearchFailure($0), timeZone: timeZone) })
    let settled: SearchViewState =
      switch outcome {
      case .content(let repositories, let stale?): .error(stale, previous: repositories)
      case .content(let repositories, nil): repositories.items.isEmpty ? .empty(repositories) : .results(repositories)
      case .failure(let failure): .error(failure, previous: nil)
      }
    publish(settled)
    return settled
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
