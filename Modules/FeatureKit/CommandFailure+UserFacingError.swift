import Presenter

extension CommandFailure {
  /// The command failure for a presenter's user-facing error, with the exit status its kind calls for.
  public init(_ error: UserFacingError) {
    let status: ExitStatus =
      switch error.kind {
      case .failure: .failure
      case .authentication: .authenticationRequired
      case .usage: .usage
      }
    self.init(error.title, hint: error.hint, status: status)
  }
}
