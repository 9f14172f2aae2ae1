import DI
import FeatureKit
import Presenter
import SearchPresenter
import Synchronization

/// Stars or unstars a repo and says so (`app search star` and `unstar`): the ``StarView`` a ``StarViewModel``
/// renders what it did into.
final class StarTerminalView: StarView {
  /// Where the screen is drawn.
  private let terminal: Terminal
  /// The spinner turning while the request runs, if one is.
  private let spinner = Mutex<Spinner?>(nil)

  init(terminal: Terminal) {
    self.terminal = terminal
  }

  /// Sends the request (unless `offline`) with a view model `makeViewModel` makes for this view, under a spinner,
  /// and answers what was done; a failure is rendered as nothing, for the command to end with.
  func show(
    fullName: String, starred: Bool, offline: Bool = false, using makeViewModel: Factory<any StarView, StarViewModel>
  ) async -> StarViewState {
    let sending = Spinner.start(
      "\(starred ? "Starring" : "Unstarring") \(DisplayWidth.singleLine(fullName))…", on: terminal, showsElapsed: true)
    spinner.withLock { $0 = sending }
    let state = await makeViewModel.make(self).setStarred(starred, fullName: fullName, offline: offline)
    await stopSpinner()
    return state
  }

  /// Prints `Starred owner/repo` (or `Unstarred`) once the spinner is erased, adding `(waiting for GitHub)` and a
  /// note on standard error when the change is kept for `app sync`.
  func render(_ state: StarViewState) async {
    if case .sending(let name, let starring) = state {
      // Ctrl-C now ends the send, not the change.
      let what = starring ? "star" : "unstar"
      InterruptNote.set(
        "Interrupted: the \(what) of \(DisplayWidth.singleLine(name)) is kept and waits for GitHub; app sync sends it.")
      return
    }
    InterruptNote.set(nil)
    await stopSpinner()
    guard case .done(let name, let isStarred, let waiting) = state else { return }
    terminal.output.line(
      "\(isStarred ? "Starred" : "Unstarred") \(DisplayWidth.singleLine(name))"
        + (waiting == nil ? "" : " (waiting for GitHub)"))
    if let waiting { terminal.errors.line(waiting.note) }
  }

  /// Stops and erases the spinner, if one turns.
  private func stopSpinner() async {
    let turning = spinner.withLock { spinner in
      defer { spinner = nil }; return spinner
    }
    await turning?.stop()
  }
}
