import CoursesPresenter
import FeatureKit
import FeatureKitTesting
import TestScheduling
import Testing

@testable import CoursesFeature

/// A note said while the origin answers is wrapped at spaces to the terminal; the redraw still erases exactly the
/// rows written since the cached screen, the note's wrapped rows included.
@Suite(.untimed) struct CoursesRedrawWrappedNoteTests {
  /// A note of 81 columns, one wider than an 80-column terminal.
  static let note = "note: showing the bundled demo catalog; set COURSES_API_URL to use a Courses API."
  /// A warning of 79 columns that takes two rows at 40 columns unwrapped, and three wrapped at spaces.
  static let warning = "warning: showing courses cached 1 day ago, which may be out of date: no answer."

  @Test(arguments: [
    (40, note, "note: showing the bundled demo catalog;\nset COURSES_API_URL to use a Courses\nAPI.\n", 3),
    (60, note, "note: showing the bundled demo catalog; set COURSES_API_URL\nto use a Courses API.\n", 2),
    (80, note, "note: showing the bundled demo catalog; set COURSES_API_URL to use a Courses\nAPI.\n", 2),
    (40, warning, "warning: showing courses cached 1 day\nago, which may be out of date: no\nanswer.\n", 3),
  ])
  func theRowsOfAWrappedNoteAreErasedWithTheCachedScreen(
    columns: Int, said: String, wrapped: String, noteRows: Int
  ) async {
    let output = CapturedText()
    let errors = CapturedText()
    let terminal = Terminal(
      output: output.sink, errors: errors.sink, isInteractive: true, errorsAreInteractive: true, columns: columns,
      rows: 60)
    let view = CoursesHomeTerminalView(terminal: terminal, json: false)
    await view.render(.loading(cached: CoursesTerminalViewTests.main))
    let drawn = output.value.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    let screenRows = RowCounter.rows(of: drawn, columns: columns)
    terminal.errors.line(said)
    await view.render(.content(CoursesTerminalViewTests.main, stale: nil))

    #expect(errors.value.contains(wrapped), "\(errors.value)")
    let erasure = CoursesTerminalViewTests.erasure(rows: screenRows + noteRows)
    #expect(output.value.contains("\n" + erasure + "Categories"), "the screen's rows and the note's \(noteRows)")
    #expect(!output.value.contains(CoursesTerminalViewTests.erasure(rows: screenRows + noteRows + 1)))
  }
}
