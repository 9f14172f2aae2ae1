#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Terminal {
  /// The process's own terminal, with colour rules from `environment`.
  ///
  /// Redraws, colour and progress need a terminal that understands ANSI: never with `TERM=dumb`. Progress goes to
  /// standard error only when standard output is a terminal too, as gh does: `app weather paris | cat` shows none.
  public static func standard(environment: [String: String]) -> Terminal {
    let capable = environment["TERM"] != "dumb"
    let outputIsTTY = isatty(1) == 1 && capable
    let errorsAreTTY = isatty(2) == 1 && capable
    let colorAllowed = environment["NO_COLOR"].map(\.isEmpty) ?? true && environment["CLICOLOR"] != "0"
    let size = outputIsTTY ? windowSize(of: 1, environment: environment) : (columns: nil, rows: nil)
    // Diagnostics are wrapped on any terminal, `TERM=dumb` too (wrapping needs no escape sequence), never in a pipe.
    let errorColumns = isatty(2) == 1 ? windowSize(of: 2, environment: environment).columns : nil
    return Terminal(
      output: .standardOutput, errors: errorsAreTTY ? .standardErrorBesideProgress : .standardError,
      isInteractive: outputIsTTY, errorsAreInteractive: errorsAreTTY && outputIsTTY,
      colorEnabled: outputIsTTY && colorAllowed,
      columns: size.columns, rows: size.rows, errorColumns: errorColumns)
  }

  /// The size of the terminal `descriptor` is on, else from `COLUMNS` and `LINES`.
  private static func windowSize(of descriptor: Int32, environment: [String: String]) -> (columns: Int?, rows: Int?) {
    var size = winsize()
    let known = ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0
    func positive(_ name: String) -> Int? { environment[name].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil } }
    return (
      known && size.ws_col > 0 ? Int(size.ws_col) : positive("COLUMNS"),
      known && size.ws_row > 0 ? Int(size.ws_row) : positive("LINES")
    )
  }
}
