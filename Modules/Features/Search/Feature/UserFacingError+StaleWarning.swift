import FeatureKit
import Presenter
import UseCase

extension UserFacingError {
  /// The warning for cached content shown after this failure: how old it is on a terminal (`cached 3 hours ago`),
  /// when it was fetched when piped (`cached at 2026-11-18T11:06:40Z`), as every date the app prints.
  func staleWarning(what: String, provenance: Provenance, age: String, on terminal: Terminal) -> String {
    "warning: showing \(what) cached \(StaleAge.text(provenance, age: age, on: terminal)), which may be out of date: "
      + DisplayWidth.singleLine(title)
  }
}

/// How old cached content is, in a stale warning: relative on a terminal, RFC 3339 when piped.
enum StaleAge {
  /// `3 hours ago` on a terminal (`age` is the view model's `3 hours`, measured on the app's clock), else
  /// `at <RFC 3339 fetch time>`.
  static func text(_ provenance: Provenance, age: String, on terminal: Terminal) -> String {
    terminal.isInteractive ? "\(age) ago" : "at " + DateText.rfc3339(provenance.fetchedAt)
  }
}
