import Foundation
import Presenter
import TestScheduling
import Testing

@Suite(.untimed) struct RelativeTimeTests {
  static let now = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18T11:06:40Z

  @Test(arguments: [
    (0, "just now"), (59, "just now"), (60, "1 minute ago"), (119, "1 minute ago"), (45 * 60, "45 minutes ago"),
    (3600, "1 hour ago"), (3 * 3600 + 59, "3 hours ago"), (86_400, "1 day ago"), (2 * 86_400, "2 days ago"),
    (29 * 86_400, "29 days ago"), (30 * 86_400, "1 month ago"), (400 * 86_400, "1 year ago"), (-90, "just now"),
  ])
  func relativeTimesRoundDown(secondsAgo: Int, text: String) {
    #expect(RelativeTime.ago(Self.now.addingTimeInterval(-Double(secondsAgo)), now: Self.now) == text)
    #expect(RelativeTime.ago(seconds: Double(secondsAgo) + 0.9) == text, "a fraction of a second rounds down")
  }

  /// A clock time is the zone's, to the second, on a 24-hour clock whatever the locale.
  @Test func aLocalTimeIsTheZonesClockToTheSecond() throws {
    #expect(RelativeTime.localTime(Self.now, timeZone: try #require(TimeZone(identifier: "UTC"))) == "11:06:40")
    #expect(RelativeTime.localTime(Self.now, timeZone: try #require(TimeZone(identifier: "Asia/Tokyo"))) == "20:06:40")
    #expect(
      RelativeTime.localTime(Self.now.addingTimeInterval(0.999), timeZone: try #require(TimeZone(identifier: "UTC")))
        == "11:06:40")
  }
}
