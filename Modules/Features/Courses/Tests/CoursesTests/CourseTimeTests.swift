import Foundation
import TestScheduling
import Testing

@testable import CoursesUseCase

/// `CourseTime` reads the API's usual form itself and leaves every other form to `Date.ISO8601FormatStyle`: what it
/// reads must be what the style reads.
@Suite(.untimed) struct CourseTimeTests {
  /// The style `CourseTime` falls back to.
  private let style = Date.ISO8601FormatStyle()

  @Test func theUsualFormIsReadAsTheStyleReadsIt() throws {
    var texts = [
      "2026-01-01T09:30:00Z", "1970-01-01T00:00:00Z", "1969-12-31T23:59:59Z", "2000-02-29T12:00:00Z",
      "1600-02-29T00:00:00Z", "1583-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "2026-11-16T20:06:40+09:00",
      "2026-11-16T20:06:40-00:00", "2026-03-01T00:30:00+14:00", "2026-03-01T00:30:00-12:45",
    ]
    // 2,000 more, spread over the years, months, days, times and offsets by steps prime to each range: the same
    // texts every run.
    for index in 0..<2000 {
      let offset =
        index % 3 == 0
        ? "Z" : (index % 2 == 0 ? "+" : "-") + Self.two(index * 7 % 15) + ":" + Self.two(index * 11 % 60)
      texts.append(
        "\(Self.four(1583 + index * 4217 % 8417))-\(Self.two(1 + index % 12))-\(Self.two(1 + index * 5 % 28))"
          + "T\(Self.two(index * 7 % 24)):\(Self.two(index * 13 % 60)):\(Self.two(index * 29 % 60))" + offset)
    }
    for text in texts {
      let read = try #require(CourseTime.wholeSeconds(text), "\(text)")
      #expect(read == (try style.parse(text)), "\(text)")
      #expect(CourseTime(text) == .date(read))
    }
  }

  /// Impossible dates, other forms, fractional seconds, and days before 1583, which the style counts in the Julian
  /// calendar.
  @Test func anyOtherFormIsLeftToTheStyle() {
    let others = [
      "2026-02-29T00:00:00Z", "2026-04-31T00:00:00Z", "2026-13-01T00:00:00Z", "2026-00-10T00:00:00Z",
      "2026-01-00T00:00:00Z", "2026-01-01T24:00:00Z", "2026-01-01T23:60:00Z", "2026-01-01T23:59:60Z",
      "0000-01-01T00:00:00Z", "0904-09-17T08:08:47Z", "1582-12-31T23:59:59Z", "2026-01-01t09:30:00Z",
      "2026-01-01 09:30:00Z", "2026-01-01T09:30:00z",
      "2026-01-01T09:30:00+0900", "2026-01-01T09:30:00+15:00", "2026-01-01T09:30:00+09:60",
      "2026-01-01T09:30:00.250Z", "2026-01-01T09:30Z", "2026-1-01T09:30:00Z", "+026-01-01T09:30:00Z",
      "2026-01-01T09:30:00", "last spring", "",
    ]
    for text in others {
      #expect(CourseTime.wholeSeconds(text) == nil, "\(text)")
    }
  }

  private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
  private static func four(_ value: Int) -> String { String(repeating: "0", count: 4 - "\(value)".count) + "\(value)" }
}
