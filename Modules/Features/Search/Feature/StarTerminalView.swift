import DI
import FeatureKit
import Presenter
import SearchPresenter
import Synchronization

/// Stars or unstars a repo and says so (`app search star` and `unstar`): the ``/Presenter/StateView`` a
/// ``/SearchPresenter/StarViewModel`` renders what it did into.
final class StarTerminalView: StateView {
  /// Where the screen is drawn.
  private let terminal: Terminal
  /// The spinner turning while the request runs, if one is.
  private let spinner = Mutex<Spinner?>(nil)

  init(terminal: Terminal) {
    self.terminal = terminal
  }

  /// Turns a spinner while the change is sent; prints `Starred owner/repo` (or `Unstarred`) once it is erased,
  /// adding `(waiting for GitHub)` and a note on standard error when the change is kept for `app sync`. A failure
  /// is rendered as nothing, for the command to end with.
  func render(_ state: StarViewState) async {
    if case .sending(let name, let starring) = state {
      let sending = Spinner.start(
        "\(starring ? "Starring" : "Unstarring") \(DisplayWidth.singleLine(name))…", on: terminal, showsElapsed: true)
      spinner.withLock { $0 = sending }
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
