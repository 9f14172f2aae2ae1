import FeatureKit
import Presenter

/// The name Search's terminal views give the app's ``UserFacingError``.
typealias SearchErrorMessage = UserFacingError

extension UserFacingError {
  /// The error the command stops on: the title and hint made safe for one terminal line each; the app turns its
  /// kind into the exit status.
  var commandFailure: UserFacingError { singleLined }

  /// A warning line for stale content shown after this failure.
  func staleWarning(age: String, what: String) -> String {
    "warning: showing \(what) cached \(age) ago, which may be out of date: \(DisplayWidth.singleLine(title))"
  }
}
