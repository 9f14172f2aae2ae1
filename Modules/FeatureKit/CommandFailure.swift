/// The exit statuses of `app`, as documented in the README.
public enum ExitStatus: Int32, Sendable {
  /// Success, also when stale cached content was shown with a warning.
  case success = 0
  /// The command failed.
  case failure = 1
  /// Authentication is required or the token was rejected.
  case authenticationRequired = 4
  /// The command line was wrong.
  case usage = 64
}

/// A failure a user can act on: a one-line title, what to do about it, and the exit status.
public struct CommandFailure: Error, Sendable, CustomStringConvertible {
  /// What went wrong, in one line.
  public let title: String
  /// What to do about it; empty when there is nothing to add.
  public let hint: String
  /// The exit status the app ends with.
  public let status: ExitStatus

  /// Creates a failure.
  public init(_ title: String, hint: String = "", status: ExitStatus = .failure) {
    self.title = title
    self.hint = hint
    self.status = status
  }

  /// `error: <title>` followed by the hint on its own line.
  public var description: String {
    hint.isEmpty ? "error: \(title)" : "error: \(title)\n\(hint)"
  }
}
