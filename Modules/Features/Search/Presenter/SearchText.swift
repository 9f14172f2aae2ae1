import Foundation
import Presenter

/// Wording shared by the Search presenters: waits.
public enum SearchText {
  /// How long to wait: `1 second`, `45 seconds`, `2 minutes` (rounded up, so waiting that long is enough).
  static func wait(seconds: Int) -> String {
    let whole = max(0, seconds)
    return whole < 60 ? plural(whole, "second") : plural((whole + 59) / 60, "minute")
  }

  private static func plural(_ count: Int, _ unit: String) -> String {
    count == 1 ? "1 \(unit)" : "\(count) \(unit)s"
  }
}
