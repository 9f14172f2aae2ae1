import Foundation

/// Dates as the app shows them: relative on a terminal (`3 hours ago`, as gh does), RFC 3339 in UTC when piped and
/// in JSON (`2026-11-18T11:06:40Z`), so scripts read one stable format.
///
/// It reads no clock: `now` is when the content was answered (`Outcome.answeredAt`), so a screen's ages are
/// measured on the app's clock, the one that dated the content.
public enum DateText {
  /// `date` for `terminal`: relative to `now` when its output is interactive, else RFC 3339.
  public static func text(_ date: Date, on terminal: Terminal, now: Date) -> String {
    terminal.isInteractive ? relative(date, now: now) : rfc3339(date)
  }

  /// How long before `now` `date` was, rounded down: `just now`, `1 minute ago`, `3 hours ago`, `2 days ago`,
  /// `5 months ago`, `2 years ago`; a date after `now` (a clock set back) reads `just now`.
  public static func relative(_ date: Date, now: Date) -> String {
    let seconds = Int(now.timeIntervalSince(date).rounded(.down))
    let (count, unit): (Int, String) =
      switch seconds {
      case ..<60: (0, "")
      case ..<3600: (seconds / 60, "minute")
      case ..<86_400: (seconds / 3600, "hour")
      case ..<(30 * 86_400): (seconds / 86_400, "day")
      case ..<(365 * 86_400): (seconds / (30 * 86_400), "month")
      default: (seconds / (365 * 86_400), "year")
      }
    guard count > 0 else { return "just now" }
    return count == 1 ? "1 \(unit) ago" : "\(count) \(unit)s ago"
  }

  /// `date` in RFC 3339 (ISO 8601) in UTC, to the second: `2026-11-18T11:06:40Z`.
  public static func rfc3339(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
    return String(format: "%04d", parts.year ?? 0) + "-\(two(parts.month))-\(two(parts.day))"
      + "T\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second))Z"
  }
}
