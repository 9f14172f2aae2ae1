import Foundation
import Presenter

/// Wording shared by the Search presenters: ages, waits, local times and server text made short.
public enum SearchText {
  /// How old something is: `less than a minute`, `1 minute`, `12 minutes`, `3 hours`, `2 days` (rounded down).
  static func age(seconds: TimeInterval) -> String {
    let whole = max(0, Int(seconds))
    switch whole {
    case ..<60: return "less than a minute"
    case ..<3600: return plural(whole / 60, "minute")
    case ..<86_400: return plural(whole / 3600, "hour")
    default: return plural(whole / 86_400, "day")
    }
  }

  /// How long to wait: `1 second`, `45 seconds`, `2 minutes` (rounded up, so waiting that long is enough).
  static func wait(seconds: Int) -> String {
    let whole = max(0, seconds)
    return whole < 60 ? plural(whole, "second") : plural((whole + 59) / 60, "minute")
  }

  /// `date` as a wall-clock time in `timeZone`, e.g. `14:05:00`.
  public static func localTime(_ date: Date, timeZone: TimeZone) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = timeZone
    formatter.dateFormat = "HH:mm:ss"
    return formatter.string(from: date)
  }

  /// Server text cut to `limit` characters, so one message cannot flood the screen.
  static func clipped(_ text: String, limit: Int = 300) -> String {
    text.count > limit ? String(text.prefix(limit)) + "…" : text
  }

  private static func plural(_ count: Int, _ unit: String) -> String {
    count == 1 ? "1 \(unit)" : "\(count) \(unit)s"
  }
}
