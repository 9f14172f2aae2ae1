import Foundation
import Reliability

// `make stress`: every reliability scenario against the built `app`, then a table of
// scenario, runs, passed and data-loss incidents. Exits 1 unless every scenario is clean.

let seed = UInt64(ProcessInfo.processInfo.environment["STRESS_SEED"] ?? "") ?? 0x5EED
print("Reliability scenarios against \(AppRunner.executable.path) (seed \(seed))")

/// Prints a scenario's result as soon as it is known.
func announce(_ result: ScenarioResult) -> ScenarioResult {
  print((result.isClean ? "  ok    " : "  FAIL  ") + result.description)
  return result
}

var results: [ScenarioResult] = []
if let path = ProcessInfo.processInfo.environment["STRESS_TSAN_LOG"] {
  let log = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
  results.append(announce(SanitizerLog.result(name: "DITests under ThreadSanitizer", log: log)))
}
if let path = ProcessInfo.processInfo.environment["STRESS_SIM_LOG"] {
  let log = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
  results.append(announce(SimulationLog.result(name: "changes: simulated schedules of two processes", log: log)))
}
let suites = registeredReliability()
// `STRESS_ONLY=ui` runs only the `app ui` rows; `STRESS_ONLY=changes` only the features' rows named `changes: …`
// (the write side: changes kept for their origin and sent by `app sync`).
let only = ProcessInfo.processInfo.environment["STRESS_ONLY"]
do {
  if only == "changes" {
    for suite in suites {
      for scenario in suite.scenarios(seed: seed) where scenario.name.hasPrefix("changes: ") {
        results.append(announce(try await scenario.run()))
      }
    }
    print("")
    print(StressTable.render(results))
    exit(results.allSatisfy(\.isClean) ? 0 : 1)
  }
  if only == "ui" {
    results.append(announce(try await ScreenFaults.run(suites)))
    print("")
    print(StressTable.render(results))
    exit(results.allSatisfy(\.isClean) ? 0 : 1)
  }
  for suite in suites {
    for scenario in suite.scenarios(seed: seed) {
      results.append(announce(try await scenario.run()))
    }
  }
  results.append(announce(try await FaultMatrix.run(suites)))
  results.append(announce(try await ScreenFaults.run(suites)))
  let home = FileManager.default.temporaryDirectory.appendingPathComponent("stress-cli").path
  results.append(announce(try await HostileArguments.scenario(home: home, suites: suites)))
  for suite in suites {
    for fuzzing in try await suite.fuzzing() {
      results.append(announce(fuzzing.run(iterations: 10_000, seed: seed)))
    }
  }
} catch {
  print("error: a scenario could not run: \(error)")
  exit(1)
}

print("")
print(StressTable.render(results))
exit(results.allSatisfy(\.isClean) ? 0 : 1)
