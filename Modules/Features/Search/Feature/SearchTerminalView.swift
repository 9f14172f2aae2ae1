import DI
import FeatureKit
import Presenter
import Repository
import SearchPresenter
import SearchUseCase
import Synchronization
import UseCase

/// The search screen on a terminal: the ``/Presenter/StateView`` a ``/SearchPresenter/SearchViewModel`` renders
/// its states into.
///
/// While a search runs, a spinner turns on standard error when it is a terminal; piped, only the settled state
/// is rendered. Results go to standard output (a table, tab-separated lines, or JSON); warnings and errors go
/// to standard error.
final class SearchTerminalView: StateView {
  /// Where the screen is drawn.
  private let terminal: Terminal
  /// Whether the results are written as JSON.
  private let asJSON: Bool
  /// The spinner turning while a search loads, if one is.
  private let spinner = Mutex<Spinner?>(nil)

  init(terminal: Terminal, asJSON: Bool) {
    self.terminal = terminal
    self.asJSON = asJSON
  }

  /// Turns a spinner while loading, on a terminal; writes a settled state once the spinner is erased (a failure
  /// with nothing to show is rendered as nothing, for the command to end with).
  func render(_ state: SearchViewState) async {
    switch state {
    case .idle:
      return
    case .loading:
      await stopSpinner()
      let started = Spinner.start("Searching GitHub…", on: terminal)
      spinner.withLock { $0 = started }
    case .results(let list), .empty(let list):
      await stopSpinner()
      write(list)
    case .error(let message, let previous):
      await stopSpinner()
      if let previous { write(previous, staleBecause: message) }
    }
  }

  /// Stops and erases the spinner, if one turns.
  private func stopSpinner() async {
    let turning = spinner.withLock { spinner in
      defer { spinner = nil }; return spinner
    }
    await turning?.stop()
  }

  private func write(_ list: Outcome<FoundRepos, SearchFailure>, staleBecause failure: UserFacingError? = nil) {
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
    terminal.warnIfStale("results", provenance: list.provenance, now: list.answeredAt, refreshFailure: failure)
  }
}
