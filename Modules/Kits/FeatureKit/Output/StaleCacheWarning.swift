import Foundation
import Presenter
import UseCase

/// The warning that cached content on show may be out of date, in the same words for every feature: what is shown,
/// how old it is, and why it was not refreshed.
///
/// How old it is reads as every date the app prints: relative on a terminal (`cached 3 hours ago`, `cached just
/// now`), the fetch time in RFC 3339 when piped (`cached at 2026-11-18T11:06:40Z`), so scripts read one format.
public enum StaleCacheWarning {
  /// The lines that warn about `what` (`results`, `the course`, referred to as `them`, `it`), fetched as
  /// `provenance` says and measured at `now` (when the use case answered): after `refreshFailure`, the failure's
  /// title and, on a line of its own, its hint; without one, content past its time to live shown as it is (an old
  /// cache under `--offline`). None when there was no failure and the content is not stale.
  public static func lines(
    what: String, them: String = "them", provenance: Provenance, now: Date, refreshFailure: UserFacingError?,
    on terminal: Terminal
  ) -> [String] {
    let age =
      terminal.isInteractive
      ? RelativeTime.ago(provenance.fetchedAt, now: now) : "at " + DateText.rfc3339(provenance.fetchedAt)
    let shown = "warning: showing \(what) cached \(age), which may be out of date"
    if let failure = refreshFailure?.singleLined {
      return [shown + ": " + failure.title] + (failure.hint.isEmpty ? [] : [failure.hint])
    }
    return provenance.isStale ? [shown + "; run without --offline to refresh \(them)."] : []
  }
}

extension Terminal {
  /// Writes ``StaleCacheWarning/lines(what:them:provenance:now:refreshFailure:on:)`` to standard error.
  public func warnIfStale(
    _ what: String, them: String = "them", provenance: Provenance, now: Date, refreshFailure: UserFacingError?
  ) {
    let lines = StaleCacheWarning.lines(
      what: what, them: them, provenance: provenance, now: now, refreshFailure: refreshFailure, on: self)
    for line in lines { errors.line(line) }
  }
}
