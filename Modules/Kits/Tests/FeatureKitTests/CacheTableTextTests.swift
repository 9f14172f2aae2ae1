import Foundation
import TestScheduling
import Testing

@testable import FeatureKit

/// `app cache info`'s table says sizes and ends its rows as `String(format:)` and a regular expression did.
@Suite(.untimed) struct CacheTableTextTests {
  @Test func sizesHaveOneDecimalAsPrintfRoundsThem() {
    var sizes = [
      0, 999, 1_000, 1_049, 1_050, 1_051, 1_150, 2_250, 2_350, 999_949, 999_950, 999_999, 1_000_000, 1_050_000,
    ]
    sizes += [1_250_000, 99_950_000, 123_456_789_012]
    // Sizes spread up to 5 GB by a step prime to the rounding's, the same every run.
    sizes += Array(stride(from: 0, through: 5_000_000_000, by: 999_983))
    for bytes in sizes {
      let expected =
        bytes < 1_000
        ? "\(bytes) B"
        : bytes < 1_000_000
          ? String(format: "%.1f kB", Double(bytes) / 1_000) : String(format: "%.1f MB", Double(bytes) / 1_000_000)
      #expect(CacheUsage.size(bytes) == expected, "\(bytes)")
    }
  }

  @Test func rowsLoseTheWhiteSpaceAtTheirEndAsTheExpressionTookIt() {
    let rows = [
      "courses  12  3.4 kB", "search  0  0 B      ", "total  12  3.4 kB  \t ", "a\u{00A0}\u{3000}", "a\u{2028}\u{2029}",
      "tab\t\n\r\u{0C}", "vertical\u{0B}", "next line\u{85}", "kept\u{200B}", "", "   ", "日本語  ", "inner  spaces  stay",
    ]
    for row in rows {
      let expected = row.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
      #expect(CacheUsage.trimmingTrailingSpace(row) == expected, "\(row.debugDescription)")
    }
  }
}
