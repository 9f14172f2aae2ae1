import DI
import FeatureKit
import Presenter
import SearchPresenter

/// Stars or unstars a repo and says so (`app search star` and `unstar`).
struct StarTerminalView {
  /// Makes the view model the screen binds to, one per screen shown.
  let makeViewModel: Factory<Void, StarViewModel>
  /// Where the screen is drawn.
  let terminal: Terminal

  /// Sends the request (unless `offline`), prints `Starred owner/repo` when it went through, adds `(waiting for
  /// GitHub)` and a note on standard error when the change is kept for `app sync`, and answers the state; a
  /// failure is rendered as nothing, for the command to end with.
  func show(fullName: String, starred: Bool, offline: Bool = false) async -> StarViewState {
    let viewModel = makeViewModel.make()
    let state = await Spinner.run(starred ? "Starring…" : "Unstarring…", on: terminal) {
      await viewModel.setStarred(starred, fullName: fullName, offline: offline)
    }
    if case .done(let name, let isStarred, let waiting) = state {
      terminal.output.line(
        "\(isStarred ? "Starred" : "Unstarred") \(DisplayWidth.singleLine(name))"
          + (waiting == nil ? "" : " (waiting for GitHub)"))
      if let waiting { terminal.errors.line(waiting) }
    }
    return state
  }
}
