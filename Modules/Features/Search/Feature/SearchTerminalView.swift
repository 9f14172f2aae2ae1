import DI
import FeatureKit
import Presenter
import Repository
import SearchPresenter
import SearchUseCase
import UseCase

/// The search screen on a terminal: binds to a ``SearchViewModel`` and renders its states.
///
/// While a search runs, a spinner turns on standard error when it is a terminal; piped, only the settled state
/// is rendered. Results go to standard output (a table, tab-separated lines, or JSON); warnings and errors go
/// to standard error.
struct SearchTerminalView {
  /// Makes the view model the screen binds to, one per screen shown.
  let makeViewModel: Factory<Void, SearchViewModel>
  /// Where the screen is drawn.
  let terminal: Terminal

  /// Runs `request`, renders what settles and answers it (`nil` when the command was cancelled first); a failure
  /// with nothing to show is rendered as nothing, for the command to end with.
  func show(_ request: RepoSearchRequest, policy: CachePolicy, asJSON: Bool) async -> SearchViewState? {
    let viewModel = makeViewModel.make()
    async let settled = settledState(of: viewModel.states)
    await viewModel.search(request, policy: policy)
    viewModel.finish()
    guard let state = await settled else { return nil }
    render(state, asJSON: asJSON)
    return state
  }

  /// Follows the states until one settles, with a spinner while loading on a terminal.
  func settledState(of states: AsyncStream<SearchViewState>) async -> SearchViewState? {
    var iterator = states.makeAsyncIterator()
    var next = await iterator.next()
    while let state = next {
      if state.isSettled { return state }
      if case .loading = state {
        next = await Spinner.run("Searching GitHub…", on: terminal) { await iterator.next() }
      } else {
        next = await iterator.next()
      }
    }
    return nil
  }

  /// Renders a settled state.
  func render(_ state: SearchViewState, asJSON: Bool) {
    switch state {
    case .idle, .loading, .error(_, previous: nil):
      return
    case .results(let list), .empty(let list):
      render(list, asJSON: asJSON)
    case .error(let message, let previous?):
      render(previous, asJSON: asJSON, staleBecause: message)
    }
  }

  private func render(_ list: RepoList, asJSON: Bool, staleBecause failure: UserFacingError? = nil) {
    if asJSON {
      JSONOutput.write(SearchResultsJSON(list), to: terminal)
    } else if list.items.isEmpty {
      if terminal.isInteractive { terminal.errors.line("No repositories matched your search.") }
    } else if terminal.isInteractive {
      let noun = list.totalCount == 1 ? "repository" : "repositories"
      terminal.output.line("Showing \(list.items.count) of \(list.totalCount) \(noun)")
      terminal.output.line()
      terminal.output.write(
        RepoTable.table(
          list.items, columns: terminal.columns, bold: terminal.colorEnabled, now: list.answeredAt))
    } else {
      terminal.output.write(RepoTable.tabSeparated(list.items))
    }
    if list.isIncomplete {
      terminal.errors.line("warning: GitHub stopped this search early (incomplete_results); matches may be missing.")
    }
    if let failure {
      terminal.errors.line(
        failure.staleWarning(
          what: "results", provenance: list.provenance, age: list.ageText, on: terminal))
    } else if list.provenance.isStale {
      terminal.errors.line(
        "warning: showing results cached \(StaleAge.text(list.provenance, age: list.ageText, on: terminal)), "
          + "which may be out of date; "
          + "run without --offline to refresh them.")
    }
  }
}
