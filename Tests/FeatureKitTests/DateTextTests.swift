import FeatureKit
import Foundation
import TestScheduling
import Testing

@Suite(.untimed) struct DateTextTests {
  static let now = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18T11:06:40Z

  @Test(arguments: [
    (0, "just now"), (59, "just now"), (60, "1 minute ago"), (119, "1 minute ago"), (45 * 60, "45 minutes ago"),
    (3600, "1 hour ago"), (3 * 3600 + 59, "3 hours ago"), (86_400, "1 day ago"), (2 * 86_400, "2 days ago"),
    (29 * 86_400, "29 days ago"), (30 * 86_400, "1 month ago"), (400 * 86_400, "1 year ago"), (-90, "just now"),
  ])
  func relativeTimesRoundDown(secondsAgo: Int, text: String) {
    #expect(DateText.relative(Self.now.addingTimeInterval(-Double(secondsAgo)), now: Self.now) == text)
  }

  @Test func pipedDatesAreRFC3339InUTC() {
    #expect(DateText.rfc3339(Self.now) == "2026-11-18T11:06:40Z")
    #expect(DateText.rfc3339(Date(timeIntervalSince1970: 0.9)) == "1970-01-01T00:00:00Z")
  }

  @Test func aTerminalGetsRelativeTimesAPipeGetsTheTimestamp() {
    let sink = TextSink { _ in }
    let terminal = Terminal(output: sink, errors: sink, isInteractive: true, columns: 80, rows: 24)
    let pipe = Terminal(output: sink, errors: sink)
    let then = Self.now.addingTimeInterval(-3 * 3600)
    #expect(DateText.text(then, on: terminal, now: Self.now) == "3 hours ago")
    #expect(DateText.text(then, on: pipe, now: Self.now) == "2026-11-18T08:06:40Z")
  }
}
