import Presenter
import SearchUseCase
import UseCase

/// What the search screen shows, as the view model renders it: the use case's outcome for the search (its repos,
/// counts and search, where they came from and when), as it answered it.
public enum SearchViewState: Sendable, Equatable {
  /// Nothing was searched yet.
  case idle
  /// A search is running; `previous` is what was shown before, if anything.
  case loading(previous: Outcome<FoundRepos, SearchFailure>?)
  /// The search found repos.
  case results(Outcome<FoundRepos, SearchFailure>)
  /// The search found nothing (the counts and source are still there for the JSON output).
  case empty(Outcome<FoundRepos, SearchFailure>)
  /// The search failed; `previous` is content for the same search that can still be shown as stale (the cache).
  case error(UserFacingError, previous: Outcome<FoundRepos, SearchFailure>?)

  /// Whether the state ends a search (anything but idle and loading).
  public var isSettled: Bool {
    switch self {
    case .idle, .loading: false
    case .results, .empty, .error: true
    }
  }

  /// What failed when the state has nothing to show: the command ends with it.
  public var failure: UserFacingError? {
    if case .error(let failure, nil) = self { failure } else { nil }
  }

  /// The repos the state shows, if any.
  public var content: Outcome<FoundRepos, SearchFailure>? {
    switch self {
    case .idle: nil
    case .loading(let previous), .error(_, let previous): previous
    case .results(let list), .empty(let list): list
    }
  }
}
