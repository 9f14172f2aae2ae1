import Foundation
import Presenter

/// Wording shared by the Search presenters: waits and local times.
public enum SearchText {
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

  private static func plural(_ count: Int, _ unit: String) -> String {
    count == 1 ? "1 \(unit)" : "\(count) \(unit)s"
  }
}
