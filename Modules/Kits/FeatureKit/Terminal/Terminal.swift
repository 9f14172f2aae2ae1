/// The app's view of its terminal: output streams and what they can show.
public struct Terminal: Sendable {
  /// Data: what the command produces; on a terminal of known width, lines wider than it are wrapped at spaces
  /// (``DisplayWidth/wrapped(_:to:)``).
  public let output: TextSink
  /// Diagnostics: warnings, errors, progress.
  public let errors: TextSink
  /// Whether standard output is a terminal (live redraw, tables) rather than a pipe or file.
  public let isInteractive: Bool
  /// Whether standard error is a terminal (spinners).
  public let errorsAreInteractive: Bool
  /// Whether ANSI colour may be used: on a terminal, and neither `NO_COLOR` nor `CLICOLOR=0` is set.
  public let colorEnabled: Bool
  /// The width of the terminal in columns, or `nil` when unknown (piped output).
  public let columns: Int?
  /// The height of the terminal in lines, or `nil` when unknown (piped output).
  public let rows: Int?
  /// The width of the terminal standard error is on, or `nil` when it is not one (or its width is unknown): notes,
  /// warnings and errors written through ``errors`` are wrapped at spaces to it (``DisplayWidth/wrapped(_:to:)``),
  /// and a spinner's line is cut to it.
  public let errorColumns: Int?
  /// Follows the rows written to the terminal, when standard output is one of known width: everything written
  /// through ``output``, and through ``errors`` when standard error is the same terminal.
  public let rowCounter: RowCounter?

  /// Creates a terminal description; on an interactive one of known width, the sinks are followed by a
  /// ``RowCounter``.
  ///
  /// - Parameter errorColumns: the width of the terminal standard error is on; by default `columns` when standard
  ///   error is interactive, and `nil` (nothing wrapped) otherwise.
  public init(
    output: TextSink, errors: TextSink, isInteractive: Bool = false, errorsAreInteractive: Bool = false,
    colorEnabled: Bool = false, columns: Int? = nil, rows: Int? = nil, errorColumns: Int? = nil
  ) {
    self.isInteractive = isInteractive
    self.errorsAreInteractive = errorsAreInteractive
    self.colorEnabled = colorEnabled
    self.columns = columns
    self.rows = rows
    let errorWidth = errorColumns ?? (errorsAreInteractive ? columns : nil)
    self.errorColumns = errorWidth
    // Diagnostics are wrapped once, here, whoever writes them; what is counted below is what was written.
    let wrap: @Sendable (String) -> String = { text in errorWidth.map { DisplayWidth.wrapped(text, to: $0) } ?? text }
    guard isInteractive, let columns else {
      self.output = output
      self.errors = errorWidth == nil ? errors : TextSink { errors.write(wrap($0)) }
      rowCounter = nil
      return
    }
    let counter = RowCounter(columns: columns)
    rowCounter = counter
    // Prose wider than the terminal (a summary, a limits line) breaks at spaces, as diagnostics do; tables and
    // drawn lines are already within the width, or hold escape sequences, and pass unchanged.
    self.output = TextSink { text in
      let shown = DisplayWidth.wrapped(text, to: columns)
      output.write(shown)
      counter.advance(over: shown)
    }
    // A line written while a spinner shows starts where the spinner's line was erased.
    self.errors =
      errorsAreInteractive
      ? TextSink { text in
        let besideSpinner = Spinner.isShowing
        let shown = wrap(text)
        errors.write(shown)
        counter.advance(over: shown, fromLineStart: besideSpinner)
      } : TextSink { errors.write(wrap($0)) }
  }
}
