import FeatureKit
import FeatureKitTesting
import TestScheduling
import Testing

/// Notes, warnings and errors on a terminal are wrapped at spaces to its width, once, where the terminal writes
/// them; piped, they are left as they are. The row counter follows what was written.
@Suite(.untimed) struct DiagnosticWrappingTests {
  /// A note of 81 characters, the length of the demo catalog's note.
  static let note = "note: showing the bundled demo catalog; set COURSES_API_URL to use a Courses API."

  @Test func aNoteOneColumnWiderThanTheTerminalBreaksBeforeItsLastWord() {
    #expect(Self.note.count == 81)
    #expect(
      DisplayWidth.wrapped(Self.note, to: 80)
        == "note: showing the bundled demo catalog; set COURSES_API_URL to use a Courses\nAPI.")
    #expect(
      DisplayWidth.wrapped(Self.note, to: 40)
        == "note: showing the bundled demo catalog;\nset COURSES_API_URL to use a Courses\nAPI.")
  }

  @Test(arguments: [
    ("fits exactly", 12, "fits exactly"),
    ("one two three", 7, "one two\nthree"),
    ("a  b  c", 4, "a  b\nc"),
    ("  indented words here", 10, "  indented\n  words\n  here"),
    ("first line\nsecond one here", 10, "first line\nsecond one\nhere"),
    ("日本語 のタイトル です", 12, "日本語\nのタイトル\nです"),
    ("ab 日本語", 7, "ab\n日本語"),
    ("trailing   ", 5, "trailing"),
    ("short https://example.com/a/very/long/path", 12, "short https://example.com/a/very/long/path"),
    ("\r\u{1B}[2K⠋ Loading a b c", 5, "\r\u{1B}[2K⠋ Loading a b c"),
    ("nospaces", 3, "nospaces"),
  ])
  func linesBreakAtSpacesByDisplayWidth(text: String, width: Int, expected: String) {
    #expect(DisplayWidth.wrapped(text, to: width) == expected)
  }

  @Test func aTerminalWrapsWhatItsErrorStreamWritesAndCountsTheRowsWritten() {
    let errors = CapturedText()
    let terminal = Terminal(
      output: TextSink { _ in }, errors: errors.sink, isInteractive: true, errorsAreInteractive: true, columns: 80,
      rows: 24)
    terminal.rowCounter?.mark()
    terminal.errors.line(Self.note)
    #expect(errors.value == "note: showing the bundled demo catalog; set COURSES_API_URL to use a Courses\nAPI.\n")
    #expect(terminal.rowCounter?.rowsSinceMark == 2)

    terminal.rowCounter?.mark()
    terminal.errors.line("warning: " + String(repeating: "w", count: 85) + " end")
    #expect(terminal.rowCounter?.rowsSinceMark == 3, "a word wider than the terminal is cut by the terminal")
  }

  @Test func aNoteBesideASpinnerIsCountedFromItsLineStart() async throws {
    let errors = CapturedText()
    let (written, writing) = AsyncStream<Void>.makeStream()
    let sink = errors.sink
    let signalling = TextSink { text in
      sink.write(text)
      writing.yield()
    }
    let terminal = Terminal(
      output: TextSink { _ in }, errors: signalling, isInteractive: true, errorsAreInteractive: true, columns: 40,
      rows: 24)
    terminal.rowCounter?.mark()
    let spinner = Spinner.start("Loading courses…", on: terminal)
    // The spinner's first frame is on its line before the note is said.
    for await _ in written { break }
    terminal.errors.line(Self.note)
    await spinner.stop()
    #expect(errors.value.hasPrefix("\r\u{1B}[2K⠋ Loading courses…"))
    #expect(
      errors.value.contains("note: showing the bundled demo catalog;\nset COURSES_API_URL to use a Courses\nAPI.\n"))
    #expect(terminal.rowCounter?.rowsSinceMark == 3, "the note's three rows, from the erased spinner line's start")
  }

  @Test func standardErrorOnATerminalBesideAPipeIsWrappedButNotCounted() {
    let errors = CapturedText()
    let terminal = Terminal(output: TextSink { _ in }, errors: errors.sink, errorColumns: 40)
    terminal.errors.line(Self.note)
    #expect(errors.value == "note: showing the bundled demo catalog;\nset COURSES_API_URL to use a Courses\nAPI.\n")
    #expect(terminal.rowCounter == nil)
  }

  @Test func pipedDiagnosticsAreLeftAsTheyAre() {
    let errors = CapturedText()
    let piped = Terminal(output: TextSink { _ in }, errors: errors.sink)
    piped.errors.line(Self.note)
    let toAFile = Terminal(
      output: TextSink { _ in }, errors: errors.sink, isInteractive: true, errorsAreInteractive: false, columns: 40)
    toAFile.errors.line(Self.note)
    #expect(errors.value == Self.note + "\n" + Self.note + "\n")
  }
}
