import FeatureKit
import Presenter
import SearchPresenter

extension SearchErrorMessage {
  /// The failure the app reports: the title and hint made safe for one terminal line each, and the exit status.
  var commandFailure: CommandFailure {
    CommandFailure(DisplayWidth.singleLine(title), hint: DisplayWidth.singleLine(hint), status: kind.exitStatus)
  }

  /// A warning line for stale content shown after this failure.
  func staleWarning(age: String, what: String) -> String {
    "warning: showing \(what) cached \(age) ago, which may be out of date: \(DisplayWidth.singleLine(title))"
  }
}

extension SearchErrorMessage.Kind {
  /// The exit status of a failure of this kind.
  var exitStatus: ExitStatus {
    switch self {
    case .usage: .usage
    case .authentication: .authenticationRequired
    case .notFound, .failure: .failure
    }
  }
}
