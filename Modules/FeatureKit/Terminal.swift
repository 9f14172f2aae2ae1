#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The app's view of its terminal: output streams and what they can show.
public struct Terminal: Sendable {
  /// Data: what the command produces.
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

  /// Creates a terminal description.
  public init(
    output: TextSink, errors: TextSink, isInteractive: Bool = false, errorsAreInteractive: Bool = false,
    colorEnabled: Bool = false, columns: Int? = nil
  ) {
    self.output = output
    self.errors = errors
    self.isInteractive = isInteractive
    self.errorsAreInteractive = errorsAreInteractive
    self.colorEnabled = colorEnabled
    self.columns = columns
  }

  /// The process's own terminal, with colour rules from `environment`.
  ///
  /// Redraws, colour and progress need a terminal that understands ANSI: never with `TERM=dumb`. Progress goes to
  /// standard error only when standard output is a terminal too, as gh does: `app weather paris | cat` shows none.
  public static func standard(environment: [String: String]) -> Terminal {
    let capable = environment["TERM"] != "dumb"
    let outputIsTTY = isatty(1) == 1 && capable
    let errorsAreTTY = isatty(2) == 1 && capable
    let colorAllowed = environment["NO_COLOR"].map(\.isEmpty) ?? true && environment["CLICOLOR"] != "0"
    return Terminal(
      output: .standardOutput, errors: errorsAreTTY ? .standardErrorBesideProgress : .standardError,
      isInteractive: outputIsTTY, errorsAreInteractive: errorsAreTTY && outputIsTTY,
      colorEnabled: outputIsTTY && colorAllowed, columns: outputIsTTY ? windowColumns(environment: environment) : nil)
  }

  private static func windowColumns(environment: [String: String]) -> Int? {
    var size = winsize()
    if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
      return Int(size.ws_col)
    }
    return environment["COLUMNS"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
  }
}
