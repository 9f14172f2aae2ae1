import Presenter

/// What the search screen shows, as the view model renders it.
public enum SearchViewState: Sendable, Equatable {
  /// Nothing was searched yet.
  case idle
  /// A search is running; `previous` is what was shown before, if anything.
  case loading(previous: RepoList?)
  /// The search found repos.
  case results(RepoList)
  /// The search found nothing (the counts and source are still there for the JSON output).
  case empty(RepoList)
  /// The search failed; `previous` is content for the same search that can still be shown as stale (the cache).
  case error(UserFacingError, previous: RepoList?)

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
  public var content: RepoList? {
    switch self {
    case .idle: nil
    case .loading(let previous), .error(_, let previous): previous
    case .results(let list), .empty(let list): list
    }
  }
}
