import Foundation
import Infrastructure
import TestScheduling
import Testing

/// `UTCTime` counts Gregorian dates from 1583 to 9999 and nothing else.
@Suite(.untimed) struct UTCTimeTests {
  @Test func partsAndSecondsAreOneAnothersInverse() throws {
    // About 5,000 seconds spread over the years counted, each at another time of day, the same every run.
    for seconds in stride(from: -12_212_553_600, to: 253_402_300_800, by: 53_213_377) {
      let time = try #require(UTCTime(secondsSince1970: Double(seconds)))
      #expect(time.secondsSince1970 == seconds)
      #expect(
        UTCTime(
          year: time.year, month: time.month, day: time.day, hour: time.hour, minute: time.minute, second: time.second)
          == time)
    }
  }

  @Test func knownTimes() throws {
    #expect(UTCTime(secondsSince1970: 0) == UTCTime(year: 1970, month: 1, day: 1, hour: 0, minute: 0, second: 0))
    #expect(
      UTCTime(secondsSince1970: -0.5) == UTCTime(year: 1969, month: 12, day: 31, hour: 23, minute: 59, second: 59))
    #expect(
      UTCTime(secondsSince1970: 951_782_400) == UTCTime(year: 2000, month: 2, day: 29, hour: 0, minute: 0, second: 0))
    #expect(
      UTCTime(secondsSince1970: 1_795_000_000)
        == UTCTime(year: 2026, month: 11, day: 18, hour: 11, minute: 6, second: 40))
  }

  @Test func outsideTheCountedYearsOrImpossibleIsNil() {
    #expect(UTCTime(secondsSince1970: -12_212_553_600.5) == nil, "1582-12-31T23:59:59.5Z")
    #expect(UTCTime(secondsSince1970: 253_402_300_800) == nil, "10000-01-01")
    #expect(UTCTime(year: 1582, month: 12, day: 31, hour: 0, minute: 0, second: 0) == nil)
    #expect(UTCTime(year: 2026, month: 2, day: 29, hour: 0, minute: 0, second: 0) == nil)
    #expect(UTCTime(year: 2100, month: 2, day: 29, hour: 0, minute: 0, second: 0) == nil)
    #expect(UTCTime(year: 2026, month: 4, day: 31, hour: 0, minute: 0, second: 0) == nil)
    #expect(UTCTime(year: 2026, month: 1, day: 1, hour: 24, minute: 0, second: 0) == nil)
    #expect(UTCTime(year: 2026, month: 1, day: 1, hour: 0, minute: 60, second: 0) == nil)
    #expect(UTCTime(year: 2026, month: 1, day: 1, hour: 0, minute: 0, second: 60) == nil)
    #expect(UTCTime(year: 2026, month: 13, day: 1, hour: 0, minute: 0, second: 0) == nil)
  }
}
