import CoursesPresenter
import CoursesUseCase
import FeatureKit
import Foundation
import Presenter
import Synchronization
import UseCase

/// Shows the Courses home screen on the terminal.
///
/// On a TTY it draws the cached screen at once, spins on stderr while the origin answers, then redraws in place,
/// but only when the whole cached screen (wrapped lines counted) and the notes below it fit in the terminal's
/// height: a redraw moves the cursor back to the screen's first row, and a row already pushed into the scrollback
/// cannot be reached. Otherwise the spinner shows alone until the final state, which is printed once. Piped, or
/// with `--json`, it writes only the final state, as stable plain text or JSON.
final class CoursesHomeTerminalView: StateView {
  /// Rows kept free below a cached screen for notes and warnings said while the origin answers.
  static let roomForNotes = 2

  private let terminal: Terminal
  private let json: Bool
  private let drawing = Mutex<(spinner: Spinner?, drawn: Bool)>((nil, false))

  init(terminal: Terminal, json: Bool) {
    self.terminal = terminal
    self.json = json
  }

  private var interactive: Bool { terminal.isInteractive && !json }

  func render(_ state: CoursesHomeViewState) async {
    switch state {
    case .loading(let cached):
      guard interactive else { return }
      // The cached screen is drawn when it, a spinner line and the notes' room fit in the terminal's height.
      let drawn = cached.map { terminal.drawReplaceable(lines($0.content), reserving: 1 + Self.roomForNotes) } ?? false
      let spinner = Spinner.start(cached == nil ? "Loading courses…" : "Refreshing courses…", on: terminal)
      drawing.withLock { $0 = (spinner, drawn) }
    case .content(let main, let stale):
      let (spinner, drawn) = drawing.withLock { state in
        defer { state = (nil, false) }; return state
      }
      await spinner?.stop()
      if json {
        JSONOutput.write(CoursesHomeJSON(main, refreshFailed: stale != nil), to: terminal)
      } else {
        if drawn { terminal.eraseReplaceable() }
        terminal.output.write(lines(main.content).joined(separator: "\n") + "\n")
      }
      terminal.warnIfStale("courses", provenance: main.provenance, now: main.answeredAt, refreshFailure: stale)
    case .failure:
      let (spinner, drawn) = drawing.withLock { state in
        defer { state = (nil, false) }; return state
      }
      await spinner?.stop()
      if drawn { terminal.eraseReplaceable() }
    }
  }

  /// The screen's lines for this terminal.
  private func lines(_ main: MainDto) -> [String] {
    CoursesHomeText(columns: terminal.columns, color: terminal.colorEnabled, stockedMark: stockedMark).lines(main)
  }

  private var stockedMark: String { terminal.isInteractive ? "★" : "stocked" }
}
