import Foundation

/// Reads the log of `swift test --sanitize=thread` into a scenario result.
public enum SanitizerLog {
  /// One run per test that ran; a run passes only if the whole log has no ThreadSanitizer report and the
  /// test run passed.
  public static func result(name: String, log: String) -> ScenarioResult {
    let reports = log.components(separatedBy: "WARNING: ThreadSanitizer").count - 1
    let summary = log.split(separator: "\n").last { $0.contains("Test run with") }.map(String.init) ?? ""
    let tests =
      summary.split(separator: " ").firstIndex(of: "with").flatMap { index -> Int? in
        let words = summary.split(separator: " ")
        return words.index(after: index) < words.endIndex ? Int(words[words.index(after: index)]) : nil
      } ?? 0
    let passed = summary.contains(" passed") && reports == 0 ? tests : 0
    var failures: [String] = []
    if reports > 0 { failures.append("\(reports) ThreadSanitizer report(s)") }
    if summary.isEmpty { failures.append("no test run summary in the log") }
    return ScenarioResult(
      name: name, runs: max(tests, 1), passed: passed, dataLossIncidents: 0, failures: failures)
  }
}
