import Presenter

extension UserFacingError {
  /// The same error with its title and hint each made safe for one terminal line, for messages that quote what an
  /// origin or the user wrote.
  public var singleLined: UserFacingError {
    UserFacingError(title: DisplayWidth.singleLine(title), hint: DisplayWidth.singleLine(hint), kind: kind)
  }

  /// What the app prints when a command stops on this error: `error: <title>`, then the hint on its own line.
  var report: String { "error: \(description)" }
}
