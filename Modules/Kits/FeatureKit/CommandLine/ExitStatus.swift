import Presenter

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

  /// The status a command ends with when it stops on a user-facing error of `kind`: the one place a
  /// presenter's verdict becomes an exit status.
  public init(_ kind: UserFacingError.Kind) {
    switch kind {
    case .failure: self = .failure
    case .authentication: self = .authenticationRequired
    case .usage: self = .usage
    }
  }
}
