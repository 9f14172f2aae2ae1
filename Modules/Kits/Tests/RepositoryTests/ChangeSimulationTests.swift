import Foundation
import TestScheduling
import Testing

/// The write side proven by simulation (``ChangeSimulation``): at least 500 seeded schedules of two processes and a
/// background sender against a model origin that answers, fails, stalls, rate-limits and refuses, with kill -9 at
/// any step. After each, with the origin answering: the origin holds the last intent per key; no older intent
/// reached it after a newer one; nothing waits; every refusal was reported once, and at least once unless the
/// process that met it was killed.
///
/// A failing seed is printed; `SIM_SEED=<n> swift test --filter ChangeSimulationTests` replays it alone.
/// `SIM_SCHEDULES=<n>` runs n schedules instead (`make stress` runs 10,000), and the run ends with a line
/// `simulation: <n> schedules, <f> failed, in <s> s` that `make stress` reads.
@Suite(.timeLimit(.minutes(10)), .untimed)
struct ChangeSimulationTests {
  /// How many schedules run, from seed 1: `SIM_SCHEDULES`, else 500.
  static var schedules: Int {
    ProcessInfo.processInfo.environment["SIM_SCHEDULES"].flatMap { Int($0) }.map { max($0, 1) } ?? 500
  }

  /// The seeds to run: `SIM_SEED` alone when it is set.
  static var seeds: [UInt64] {
    if let text = ProcessInfo.processInfo.environment["SIM_SEED"], let seed = UInt64(text) { return [seed] }
    return (1...UInt64(schedules)).map { $0 }
  }

  @Test func everyScheduleEndsWithTheLastIntentAtTheOriginAndNothingWaiting() async throws {
    let seeds = Self.seeds
    let started = ContinuousClock.now
    let failures = await withTaskGroup(of: (UInt64, [String], [String]).self) { group in
      var next = seeds.makeIterator()
      var failures: [(UInt64, [String], [String])] = []
      // Eight schedules at a time: each one runs its fibers one at a time.
      for _ in 0..<8 {
        guard let seed = next.next() else { break }
        group.addTask { await Self.run(seed) }
      }
      while let result = await group.next() {
        if !result.1.isEmpty { failures.append(result) }
        if let seed = next.next() { group.addTask { await Self.run(seed) } }
      }
      return failures.sorted { $0.0 < $1.0 }
    }
    for (seed, problems, story) in failures.prefix(3) {
      Issue.record(
        """
        seed \(seed) broke the rules (replay it alone with SIM_SEED=\(seed)):
        \(problems.joined(separator: "\n"))
        steps: \(story.joined(separator: "; "))
        """)
    }
    let seconds = (ContinuousClock.now - started) / .seconds(1)
    print("simulation: \(seeds.count) schedules, \(failures.count) failed, in \(String(format: "%.1f", seconds)) s")
    #expect(failures.isEmpty, "\(failures.count) of \(seeds.count) schedules failed: \(failures.map(\.0))")
  }

  /// Runs the schedule of `seed`: what broke the rules (a schedule that could not run at all is one), and its steps
  /// when something did.
  static func run(_ seed: UInt64) async -> (UInt64, [String], [String]) {
    let simulation = ChangeSimulation(seed: seed)
    // Removed here, before the schedule counts as done, and not when the last task holding the simulation lets go
    // of it: the run's last schedule could otherwise still be removing its files as the test process exits.
    defer { simulation.removeFiles() }
    do {
      try await simulation.run()
    } catch {
      return (seed, ["the schedule could not run: \(error)"], simulation.story)
    }
    let problems = simulation.check()
    return (seed, problems, problems.isEmpty ? [] : simulation.story)
  }
}
