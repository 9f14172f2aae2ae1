import FeatureKit
import Foundation
import Presenter
import TestScheduling
import Testing
import UseCase

@Suite(.untimed) struct StaleCacheWarningTests {
  static let now = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18T11:06:40Z
  static let sink = TextSink { _ in }
  static let terminal = Terminal(output: sink, errors: sink, isInteractive: true, columns: 80, rows: 24)
  static let pipe = Terminal(output: sink, errors: sink)

  static func provenance(hoursAgo: Double, stale: Bool) -> Provenance {
    Provenance(source: .cache, fetchedAt: now.addingTimeInterval(-hoursAgo * 3600), isStale: stale)
  }

  @Test func oldContentShownAsItIsSaysHowOldAndHowToRefresh() {
    let old = Self.provenance(hoursAgo: 3, stale: true)
    #expect(
      StaleCacheWarning.lines(what: "items", provenance: old, now: Self.now, refreshFailure: nil, on: Self.terminal)
        == [
          "warning: showing items cached 3 hours ago, which may be out of date; run without --offline to refresh them."
        ])
    #expect(
      StaleCacheWarning.lines(
        what: "the item", them: "it", provenance: old, now: Self.now, refreshFailure: nil, on: Self.pipe)
        == [
          "warning: showing the item cached at 2026-11-18T08:06:40Z, which may be out of date; run without --offline "
            + "to refresh it."
        ])
  }

  @Test func afterAFailedRefreshTheFailureAndItsHintFollow() {
    let failure = UserFacingError(title: "the origin could not be\nreached", hint: "Check the network.")
    #expect(
      StaleCacheWarning.lines(
        what: "items", provenance: Self.provenance(hoursAgo: 0, stale: true), now: Self.now, refreshFailure: failure,
        on: Self.terminal)
        == [
          "warning: showing items cached just now, which may be out of date: the origin could not be reached",
          "Check the network.",
        ])
    let hintless = UserFacingError(title: "the origin failed")
    #expect(
      StaleCacheWarning.lines(
        what: "items", provenance: Self.provenance(hoursAgo: 1, stale: false), now: Self.now,
        refreshFailure: hintless, on: Self.pipe)
        == ["warning: showing items cached at 2026-11-18T10:06:40Z, which may be out of date: the origin failed"])
  }

  @Test func freshContentNeedsNoWarning() {
    #expect(
      StaleCacheWarning.lines(
        what: "items", provenance: Self.provenance(hoursAgo: 1, stale: false), now: Self.now, refreshFailure: nil,
        on: Self.terminal
      ).isEmpty)
  }
}
