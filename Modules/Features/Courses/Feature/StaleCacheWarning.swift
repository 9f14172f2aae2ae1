import FeatureKit
import Foundation
import UseCase

/// The warning for cached Courses content shown as it is, past its time to live (`--offline` on an old cache), in
/// the words `app search --offline` uses for old results: how old on a terminal (`cached 3 days ago`), when it was
/// fetched when piped (`cached at 2026-11-18T11:06:40Z`).
enum StaleCacheWarning {
  /// The warning for `what` (`courses`, referred to as `them`), or `nil` when `provenance` is not stale; ages are
  /// measured at `now`, when the use case answered.
  static func line(
    what: String, them: String = "them", provenance: Provenance, now: Date, on terminal: Terminal
  ) -> String? {
    guard provenance.isStale else { return nil }
    let age =
      terminal.isInteractive
      ? DateText.relative(provenance.fetchedAt, now: now) : "at " + DateText.rfc3339(provenance.fetchedAt)
    return "warning: showing \(what) cached \(age), which may be out of date; run without --offline to refresh \(them)."
  }
}
