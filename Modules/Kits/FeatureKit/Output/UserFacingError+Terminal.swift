import Presenter

extension UserFacingError {
  /// The same error with its title and hint each made safe for one terminal line (``DisplayWidth/singleLine(_:)``),
  /// as a stale cache's warning shows it.
  public var singleLined: UserFacingError {
    UserFacingError(title: DisplayWidth.singleLine(title), hint: DisplayWidth.singleLine(hint), kind: kind)
  }

  /// The same error as the app prints it when a command stops on it: its title on one line, each line of its hint
  /// made safe the same way (a usage hint keeps its lines); what quotes an origin or the user never breaks the report.
  var printable: UserFacingError {
    UserFacingError(
      title: DisplayWidth.singleLine(title),
      hint: hint.split(separator: "\n", omittingEmptySubsequences: false).map { DisplayWidth.singleLine(String($0)) }
        .joined(separator: "\n"), kind: kind)
  }

  /// What the app prints when a command stops on this error: `error: <title>`, then the hint on its own line.
  var report: String { "error: \(description)" }
}
