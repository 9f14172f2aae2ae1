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

/// Reads the log of the write side's simulation (`SIM_SCHEDULES=<n> swift test --filter ChangeSimulationTests`) into
/// a scenario result: one run per schedule, each passing unless the simulation said it failed, and all of them
/// failing when the test run did not pass or took longer than `limit`.
public enum SimulationLog {
  /// The row named `name` for `log`, failing when the simulation took longer than `limit`.
  public static func result(name: String, log: String, limit: Duration = .seconds(300)) -> ScenarioResult {
    let lines = log.split(separator: "\n").map(String.init)
    // simulation: <n> schedules, <f> failed, in <s> s
    guard let line = lines.last(where: { $0.hasPrefix("simulation: ") }) else {
      return ScenarioResult(
        name: name, runs: 1, passed: 0, dataLossIncidents: 0, failures: ["no simulation line in the log"])
    }
    let words = line.split(separator: " ")
    let number = { (index: Int) in
      words.indices.contains(index) ? Double(words[index].trimmingCharacters(in: .punctuationCharacters)) : nil
    }
    let schedules = Int(number(1) ?? 0)
    let failed = Int(number(3) ?? 0)
    let seconds = number(6) ?? .infinity
    var failures: [String] = []
    if failed > 0 { failures.append("\(failed) schedule(s) broke the rules; the log names their seeds") }
    if !lines.contains(where: { $0.contains("Test run with") && $0.contains(" passed") }) {
      failures.append("the test run did not pass")
    }
    if seconds > Double(limit.components.seconds) {
      failures.append("took \(Int(seconds)) s, over \(limit.components.seconds) s")
    }
    return ScenarioResult(
      name: "\(name) (\(Int(seconds)) s)", runs: max(schedules, 1),
      passed: failures.isEmpty ? schedules : schedules - failed,
      dataLossIncidents: 0, failures: failures)
  }
}
