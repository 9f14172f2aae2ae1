import Foundation
import Infrastructure
import Presenter

/// Dates as the app shows them: relative on a terminal (`3 hours ago`, as gh does), RFC 3339 in UTC when piped and
/// in JSON (`2026-11-18T11:06:40Z`), so scripts read one stable format.
///
/// It reads no clock: `now` is when the content was answered (`Outcome.answeredAt`), so a screen's ages are
/// measured on the app's clock, the one that dated the content.
public enum DateText {
  /// `date` for `terminal`: relative to `now` when its output is interactive (`3 hours ago`, in the words of
  /// `RelativeTime`), else RFC 3339.
  public static func text(_ date: Date, on terminal: Terminal, now: Date) -> String {
    terminal.isInteractive ? RelativeTime.ago(date, now: now) : rfc3339(date)
  }

  /// `date` in RFC 3339 (ISO 8601) in UTC, to the second: `2026-11-18T11:06:40Z`.
  ///
  /// Counted by ``/Infrastructure/UTCTime`` from 1583 to 9999; other years by Foundation's Gregorian calendar, as
  /// before.
  public static func rfc3339(_ date: Date) -> String {
    guard let time = UTCTime(secondsSince1970: date.timeIntervalSince1970) else { return calendarRFC3339(date) }
    return stamp(
      year: time.year, month: time.month, day: time.day, hour: time.hour, minute: time.minute, second: time.second)
  }

  /// ``rfc3339(_:)`` as Foundation's Gregorian calendar in UTC counts it.
  static func calendarRFC3339(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    return stamp(
      year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0, hour: parts.hour ?? 0,
      minute: parts.minute ?? 0, second: parts.second ?? 0)
  }

  /// `2026-11-18T11:06:40Z` from its parts.
  private static func stamp(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> String {
    func two(_ value: Int) -> String { padded(value, to: 2) }
    return padded(year, to: 4) + "-\(two(month))-\(two(day))T\(two(hour)):\(two(minute)):\(two(second))Z"
  }

  /// `value` in decimal with zeros before it up to `width` digits, as `%0<width>d` prints it (without
  /// `String(format:)`, whose variadic arguments cost a pass over every protocol conformance at its first use).
  static func padded(_ value: Int, to width: Int) -> String {
    let digits = String(value.magnitude)
    let zeros = String(repeating: "0", count: max(0, width - digits.count - (value < 0 ? 1 : 0)))
    return (value < 0 ? "-" : "") + zeros + digits
  }
}
