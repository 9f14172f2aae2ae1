import Foundation
import Infrastructure
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
do {
  results.append(announce(try await CoursesScenarios.concurrentStocking(processes: 16)))
  results.append(announce(try await SearchScenarios.concurrentSearches(processes: 16)))
  results.append(announce(try await CoursesScenarios.killDuringRefresh(runs: 50, seed: seed)))
  results.append(announce(try await FaultMatrix.run()))
  results.append(
    announce(try await HostileArguments.scenario(home: FileManager.default.temporaryDirectory.appendingPathComponent("stress-cli").path)))
  results.append(
    announce(
      DecoderFuzzing.run(
        "fuzzed Courses responses", targets: try await DecoderFuzzing.coursesTargets(), iterations: 10_000,
        seed: seed, isTypedError: { $0 is GraphQLError })))
  results.append(
    announce(
      DecoderFuzzing.run(
        "fuzzed GitHub responses", targets: try await DecoderFuzzing.githubTargets(), iterations: 10_000,
        seed: seed, isTypedError: { $0 is RESTError })))
} catch {
  print("error: a scenario could not run: \(error)")
  exit(1)
}

print("")
print(StressTable.render(results))
exit(results.allSatisfy(\.isClean) ? 0 : 1)
