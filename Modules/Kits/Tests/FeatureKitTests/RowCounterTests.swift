import FeatureKit
import FeatureKitTesting
import TestScheduling
import Testing

@Suite(.untimed) struct RowCounterTests {
  @Test(arguments: [
    (["short"], 10, 1),
    (["exactly10!"], 10, 1),
    (["eleven cols"], 10, 2),
    ([String(repeating: "x", count: 25)], 10, 3),
    (["日本語のタイトル"], 10, 2),
    (["日本語の一"], 9, 2),
    ([""], 10, 1),
    (["\u{1B}[1mbold\u{1B}[0m"], 4, 1),
    (["a", "b", "c"], 80, 3),
  ])
  func rowsCountWrappedLinesByDisplayWidth(lines: [String], columns: Int, rows: Int) {
    #expect(RowCounter.rows(of: lines, columns: columns) == rows)
  }

  @Test func aCarriageReturnStartsTheLineAgainAndAMarkResetsTheCount() {
    let counter = RowCounter(columns: 10)
    counter.advance(over: "\r\u{1B}[2K⠋ Refreshing courses…")
    #expect(counter.rowsSinceMark == 2, "the spinner's 21 columns wrap twice at 10 columns")
    counter.mark()
    counter.advance(over: "\r\u{1B}[2K⠋ Loading")
    counter.advance(over: "note: ab\n", fromLineStart: true)
    #expect(counter.rowsSinceMark == 1, "a line written beside the spinner starts at its line's start")
    counter.advance(over: "\r\n")
    #expect(counter.rowsSinceMark == 2)
  }

  @Test func aTerminalCountsWhatItsStreamsWriteOnlyWhenInteractive() {
    let piped = Terminal(output: TextSink { _ in }, errors: TextSink { _ in }, columns: 80, rows: 24)
    #expect(piped.rowCounter == nil)
    let terminal = Terminal(
      output: TextSink { _ in }, errors: TextSink { _ in }, isInteractive: true, errorsAreInteractive: true,
      columns: 80, rows: 24)
    terminal.rowCounter?.mark()
    terminal.output.write("one\ntwo\n")
    terminal.errors.line("warning: " + String(repeating: "w", count: 80))
    #expect(terminal.rowCounter?.rowsSinceMark == 4)
    let errorsElsewhere = Terminal(
      output: TextSink { _ in }, errors: TextSink { _ in }, isInteractive: true, columns: 80, rows: 24)
    errorsElsewhere.errors.line("written to a file, not to the terminal")
    #expect(errorsElsewhere.rowCounter?.rowsSinceMark == 0)
  }

  @Test func aScreenDrawnToBeReplacedIsDrawnOnlyWhenItFitsAndIsErasedRowByRow() {
    let output = CapturedText()
    let terminal = Terminal(
      output: output.sink, errors: TextSink { _ in }, isInteractive: true, errorsAreInteractive: true,
      columns: 10, rows: 5)
    // Two lines, the second (no space to break at) wrapping once at 10 columns: 3 rows, and 2 kept free, fill the 5.
    #expect(terminal.drawReplaceable(["one", "elevenchars"], reserving: 2))
    #expect(output.value == "one\nelevenchars\n")
    terminal.output.write("note\n")
    terminal.eraseReplaceable()
    #expect(
      output.value == "one\nelevenchars\nnote\n" + "\r\u{1B}[2K" + String(repeating: "\u{1B}[1A\u{1B}[2K", count: 4))
    // One row more than the height allows: nothing is written.
    #expect(!terminal.drawReplaceable(["one", "elevenchars"], reserving: 3))
    let piped = Terminal(output: output.sink, errors: TextSink { _ in }, columns: 10, rows: 5)
    #expect(!piped.drawReplaceable(["one"], reserving: 0))
    piped.eraseReplaceable()
    #expect(output.value.hasSuffix(String(repeating: "\u{1B}[1A\u{1B}[2K", count: 4)), "piped, nothing is erased")
  }
}
