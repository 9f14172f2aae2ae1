import CoursesPresenter
import CoursesUseCase
import FeatureKit
import Foundation
import Presenter
import Synchronization
import UseCase

/// Shows the Courses home screen on the terminal.
///
/// On a TTY it draws the cached screen at once, spins on stderr while the origin answers, then redraws in
/// place. Piped, or with `--json`, it writes only the final state, as stable plain text or JSON.
final class CoursesHomeTerminalView: CoursesHomeView {
  private let terminal: Terminal
  private let json: Bool
  private let drawing = Mutex<(spinner: Spinner?, lines: Int)>((nil, 0))

  init(terminal: Terminal, json: Bool) {
    self.terminal = terminal
    self.json = json
  }

  private var interactive: Bool { terminal.isInteractive && !json }

  func render(_ state: CoursesHomeViewState) async {
    switch state {
    case .loading(let cached):
      guard interactive else { return }
      let drawn = cached.map { draw($0) } ?? 0
      let spinner = Spinner.start(cached == nil ? "Loading courses…" : "Refreshing courses…", on: terminal)
      drawing.withLock { $0 = (spinner, drawn) }
    case .content(let main, let stale):
      let (spinner, drawn) = drawing.withLock { state in
        defer { state = (nil, 0) }; return state
      }
      await spinner?.stop()
      if json {
        terminal.output.write((try? JSONOutput.text(CoursesHomeJSON(main, refreshFailed: stale != nil))) ?? "")
      } else {
        if interactive && drawn > 0 {
          terminal.output.write("\u{1B}[\(drawn)F\u{1B}[J")
        }
        _ = draw(main)
      }
      if let stale {
        terminal.errors.line(
          "warning: showing cached courses from \(CoursesTime.text(main.provenance.fetchedAt)); \(stale.title)")
        terminal.errors.line(stale.hint)
      }
    case .failure:
      let spinner = drawing.withLock { state in
        defer { state = (nil, 0) }; return state.spinner
      }
      await spinner?.stop()
    }
  }

  /// Writes the screen; returns how many lines it took.
  private func draw(_ main: MainDto) -> Int {
    let text = CoursesHomeText(columns: terminal.columns, color: terminal.colorEnabled, stockedMark: stockedMark)
    let lines = text.lines(main)
    terminal.output.write(lines.joined(separator: "\n") + "\n")
    return lines.count
  }

  private var stockedMark: String { terminal.isInteractive ? "★" : "stocked" }
}

/// Times as the Courses screens show them: UTC, to the minute.
enum CoursesTime {
  static func text(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
    func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
    return "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute)) UTC"
  }
}
