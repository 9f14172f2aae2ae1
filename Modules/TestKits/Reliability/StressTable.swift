/// The `make stress` summary table.
public enum StressTable {
  /// Scenario, runs, passed and data-loss incidents, one row each, then a total line.
  public static func render(_ results: [ScenarioResult]) -> String {
    let nameWidth = max(8, results.map(\.name.count).max() ?? 0)
    func row(_ name: String, _ runs: String, _ passed: String, _ loss: String) -> String {
      name.padding(toLength: nameWidth, withPad: " ", startingAt: 0) + "  " + pad(runs, 6) + "  " + pad(passed, 6)
        + "  " + pad(loss, 9)
    }
    var lines = [row("scenario", "runs", "passed", "data loss")]
    lines.append(String(repeating: "-", count: nameWidth + 29))
    for result in results {
      lines.append(row(result.name, "\(result.runs)", "\(result.passed)", "\(result.dataLossIncidents)"))
    }
    let runs = results.reduce(0) { $0 + $1.runs }
    let passed = results.reduce(0) { $0 + $1.passed }
    let lost = results.reduce(0) { $0 + $1.dataLossIncidents }
    lines.append(row("total", "\(runs)", "\(passed)", "\(lost)"))
    lines.append("\(passed) passed, \(runs - passed) failed")
    return lines.joined(separator: "\n")
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
  }
}
