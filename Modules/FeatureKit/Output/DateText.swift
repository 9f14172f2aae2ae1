import Foundation
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
  public static func rfc3339(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    func two(_ value: Int?) -> String { padded(value ?? 0, to: 2) }
    return padded(parts.year ?? 0, to: 4) + "-\(two(parts.month))-\(two(parts.day))"
      + "T\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second))Z"
  }

  /// `value` in decimal with zeros before it up to `width` digits, as `%0<width>d` prints it (without
  /// `String(format:)`, whose variadic arguments cost a pass over every protocol conformance at its first use).
  static func padded(_ value: Int, to width: Int) -> String {
    let digits = String(value.magnitude)
    let zeros = String(repeating: "0", count: max(0, width - digits.count - (value < 0 ? 1 : 0)))
    return (value < 0 ? "-" : "") + zeros + digits
  }
}
