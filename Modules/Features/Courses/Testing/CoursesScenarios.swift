import Foundation
import Reliability
import TestSupport

/// Reliability scenarios of the Courses feature, run against the built `app` binary.
public enum CoursesScenarios {
  /// `processes` app processes at once, each stocking a different course: every one must be stored.
  public static func concurrentStocking(processes: Int = 16) async throws -> ScenarioResult {
    var tally = ScenarioTally("\(processes) processes stock at once")
    let home = AppHome()
    defer { home.remove() }
    let environment = ["APP_HOME": home.url.path]
    let ids = (1...processes).map { String(format: "c%02d", $0) }
    let results = try await withThrowingTaskGroup(of: (String, AppRunner.Result).self) { group in
      for id in ids {
        group.addTask { (id, try await AppRunner.run(["courses", "stock", id], environment: environment)) }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    for (id, run) in results.sorted(by: { $0.0 < $1.0 }) {
      var problems: [String] = []
      if run.status != 0 { problems.append("stock \(id) exited \(run.status): \(run.stderr.prefix(200))") }
      if run.stderr.contains("locked") { problems.append("stock \(id) saw a locked database") }
      tally.record(problems: problems)
    }
    let state = try home.inspect(userData: [CoursesReliability.stockedCourses])
    let missing = Set(ids).subtracting(state.userData)
    if !missing.isEmpty || state.integrity != "ok" {
      tally.record(
        problems: ["after the run: missing \(missing.sorted()), integrity \(state.integrity)"], lostData: true)
    }
    return tally.result
  }

  /// Kills `app courses --refresh` with SIGKILL at random moments, `runs` times; the database must still open
  /// with integrity `ok`, and the stocked courses must be unchanged.
  public static func killDuringRefresh(runs: Int = 50, seed: UInt64 = 0x5EED) async throws -> ScenarioResult {
    var tally = ScenarioTally("kill -9 during a refresh")
    var random = SeededGenerator(seed: seed)
    let origin = try await CoursesOrigin.start()
    defer { Task { await origin.stop() } }
    let home = AppHome()
    defer { home.remove() }
    let environment = ["APP_HOME": home.url.path, "COURSES_API_URL": origin.endpoint.absoluteString]
    let stocked = ["c01", "c16", "c42"]
    for id in stocked {
      _ = try await AppRunner.run(["courses", "stock", id], environment: environment)
    }
    for _ in 0..<runs {
      origin.setDelay(.milliseconds(Int.random(in: 0...60, using: &random)))
      let process = try AppRunner.start(["courses", "--refresh"], environment: environment)
      try await Task.sleep(for: .milliseconds(Int.random(in: 0...200, using: &random)))
      kill(process.processIdentifier, SIGKILL)
      await AppRunner.waitForExit(process)
      var problems: [String] = []
      var lost = false
      do {
        let state = try home.inspect(userData: [CoursesReliability.stockedCourses])
        if state.integrity != "ok" { problems.append("integrity: \(state.integrity)") }
        if state.userData != stocked {
          problems.append("stocked changed to \(state.userData)")
          lost = true
        }
      } catch {
        problems.append("the database did not open: \(error)")
        lost = true
      }
      let after = try await AppRunner.run(["courses", "stocked"], environment: environment)
      if after.status != 0 { problems.append("`courses stocked` afterwards exited \(after.status): \(after.stderr)") }
      tally.record(problems: problems, lostData: lost)
    }
    return tally.result
  }
}
