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
      let drawn = cached.map { drawIfItFits($0.content) } ?? false
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
        if drawn { eraseDrawnScreen() }
        terminal.output.write(lines(main.content).joined(separator: "\n") + "\n")
      }
      terminal.warnIfStale("courses", provenance: main.provenance, now: main.answeredAt, refreshFailure: stale)
    case .failure:
      let (spinner, drawn) = drawing.withLock { state in
        defer { state = (nil, false) }; return state
      }
      await spinner?.stop()
      if drawn { eraseDrawnScreen() }
    }
  }

  /// Draws the cached screen when it, a spinner line and ``roomForNotes`` fit in the terminal's height; returns
  /// whether it did.
  private func drawIfItFits(_ main: MainDto) -> Bool {
    guard let counter = terminal.rowCounter, let height = terminal.rows else { return false }
    let lines = lines(main)
    guard RowCounter.rows(of: lines, columns: counter.columns) + 1 + Self.roomForNotes <= height else { return false }
    counter.mark()
    terminal.output.write(lines.joined(separator: "\n") + "\n")
    return true
  }

  /// Erases every row written since the cached screen was drawn, one by one from the cursor's row up, and leaves
  /// the cursor at the screen's first row. (Erasing to the end of the screen from there would make some terminals,
  /// tmux among them, push the screen into the scrollback first.) Rows that scrolled out of the terminal cannot be
  /// reached; only the visible ones are erased.
  private func eraseDrawnScreen() {
    guard let counter = terminal.rowCounter, let height = terminal.rows else { return }
    let rows = min(counter.rowsSinceMark, height - 1)
    terminal.output.write("\r\u{1B}[2K" + String(repeating: "\u{1B}[1A\u{1B}[2K", count: max(rows, 0)))
    counter.mark()
  }

  /// The screen's lines for this terminal.
  private func lines(_ main: MainDto) -> [String] {
    CoursesHomeText(columns: terminal.columns, color: terminal.colorEnabled, stockedMark: stockedMark).lines(main)
  }

  private var stockedMark: String { terminal.isInteractive ? "★" : "stocked" }
}
