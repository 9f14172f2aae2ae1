import Foundation

/// How long ago something happened, in words, as every screen and message of the app says it (and as gh does):
/// `just now`, `1 minute ago`, `3 hours ago`, `2 days ago`, `5 months ago`, `2 years ago`; and the clock time of a
/// time to wait for (``localTime(_:timeZone:)``).
///
/// It reads no clock: the caller says when now is (`Outcome.answeredAt`, or the age `Outcome.age` measures at it),
/// so a screen's ages are measured on the app's clock, the one that dated the content.
public enum RelativeTime {
  /// `seconds` ago in words, rounded down to the largest unit that fits; less than a minute, or a negative age (a
  /// clock set back), reads `just now`.
  public static func ago(seconds: TimeInterval) -> String {
    let seconds = Int(seconds.rounded(.down))
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

  /// How long before `now` `date` was, in words: ``ago(seconds:)`` of the time between them.
  public static func ago(_ date: Date, now: Date) -> String {
    ago(seconds: now.timeIntervalSince(date))
  }

  /// `date` as a clock time in `timeZone`, to the second: `23:03:45`; what a message says of a time the user waits
  /// for, beside `(local time)`.
  public static func localTime(_ date: Date, timeZone: TimeZone = .current) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = timeZone
    formatter.dateFormat = "HH:mm:ss"
    return formatter.string(from: date)
  }
}
