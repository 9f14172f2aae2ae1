import Foundation
import TestScheduling
import Testing

@testable import FeatureKit

@Suite(.untimed) struct DateTextTests {
  static let now = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18T11:06:40Z

  @Test func pipedDatesAreRFC3339InUTC() {
    #expect(DateText.rfc3339(Self.now) == "2026-11-18T11:06:40Z")
    #expect(DateText.rfc3339(Date(timeIntervalSince1970: 0.9)) == "1970-01-01T00:00:00Z")
  }

  /// From 1583 to 9999 the stamp is counted without a calendar; it must be what the calendar counts, fractions of
  /// a second and times before 1970 included; other years are the calendar's.
  @Test func theCountedStampIsTheCalendars() {
    var seconds: [Double] = [
      0, -0.5, 0.9, -1, 951_782_400, 951_868_799.999, -12_212_553_600, -12_212_553_600.5, 253_402_300_799.9,
      253_402_300_800, -62_135_596_800, 1_795_000_000,
    ]
    // Whole seconds and fractions spread over the years before, within and after those counted, the same every run.
    for second in stride(from: -13_000_000_000.0, to: 260_000_000_000, by: 91_234_567) {
      seconds += [second, second + 0.25, second - 0.75]
    }
    for second in seconds {
      let date = Date(timeIntervalSince1970: second)
      #expect(DateText.rfc3339(date) == DateText.calendarRFC3339(date), "\(second)")
    }
  }

  @Test func numbersArePaddedAsPrintfPadsThem() {
    #expect(DateText.padded(7, to: 4) == "0007")
    #expect(DateText.padded(2026, to: 4) == "2026")
    #expect(DateText.padded(12345, to: 4) == "12345")
    #expect(DateText.padded(0, to: 2) == "00")
    #expect(DateText.padded(-5, to: 3) == "-05")
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
