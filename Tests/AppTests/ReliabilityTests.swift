import Foundation
import TestScheduling
import Testing

@testable import Reliability

/// Every feature's reliability scenarios of `make stress`, at full size (each takes under a minute), but those that
/// `kill -9` the app over and over, which `make stress` runs.
@Suite(.untimed) struct ReliabilityTests {
  @Test(arguments: registeredReliability().flatMap { $0.scenarios(seed: 0x5EED) }.filter { !$0.killsTheApp })
  func scenarioRunsCleanly(_ scenario: ReliabilityScenario) async throws {
    let result = try await scenario.run()
    #expect(result.runs > 0)
    #expect(result.isClean, "\(result)")
  }
}

/// How ``AppRunner`` reports the end of what it runs: an exit status, a signal, its time limit.
@Suite(.untimed) struct AppRunnerTests {
  static let shell = URL(fileURLWithPath: "/bin/sh")

  @Test func anExitStatusIsTheStatusAndWhatWasPrintedIsKept() async throws {
    let result = try await AppRunner.run(
      ["-c", "echo out; echo err >&2; exit 3"], environment: ["X": "y"], executable: Self.shell)
    #expect(result.status == 3 && !result.killedBySignal && !result.timedOut)
    #expect(result.stdout == "out\n" && result.stderr == "err\n")
  }

  @Test func onlyTheGivenEnvironmentAndAMinimalOneReachTheRun() async throws {
    let result = try await AppRunner.run(["-c", "echo \"$X:$PATH\""], environment: ["X": "y"], executable: Self.shell)
    #expect(result.stdout == "y:/usr/bin:/bin\n")
  }

  /// SIGKILL, which no signal mask holds back: a run inherits the mask of the thread that starts it, as
  /// Foundation's `Process` makes it.
  @Test func aSignalIsTheSignalNumber() async throws {
    let result = try await AppRunner.run(["-c", "kill -KILL $$"], executable: Self.shell)
    #expect(result.status == SIGKILL && result.killedBySignal && !result.timedOut)
  }

  /// A run that never ends by itself is killed at its time limit, however long the machine takes to get there.
  @Test func aRunPastItsTimeLimitIsKilledAndSaysSo() async throws {
    let result = try await AppRunner.run(["-c", "exec sleep 600"], executable: Self.shell, timeLimit: .seconds(1))
    #expect(result.timedOut && result.killedBySignal && result.status == SIGKILL)
  }

  @Test func aProgramThatCannotStartIsAnError() async {
    await #expect(throws: (any Error).self) {
      try await AppRunner.run([], executable: URL(fileURLWithPath: "/nonexistent/app"))
    }
  }
}

@Suite(.untimed) struct DecoderFuzzingTests {
  @Test func tenThousandMutatedResponsesPerDecoderSuiteGiveOnlyTypedErrors() async throws {
    let suites = registeredReliability()
    var fuzzed = 0
    for suite in suites {
      for fuzzing in try await suite.fuzzing() {
        for target in fuzzing.targets {
          try target.decode(target.sample)  // the unmutated samples decode
        }
        let result = fuzzing.run(iterations: 10_000, seed: 0xC0FFEE)
        #expect(result.runs == 10_000)
        #expect(result.isClean, "\(result)")
        fuzzed += 1
      }
    }
    #expect(fuzzed >= suites.count, "every feature fuzzes its decoders")
  }

  @Test func mutationsAreReproducibleFromTheSeed() {
    var first = SeededGenerator(seed: 7)
    var second = SeededGenerator(seed: 7)
    let sample = Data(#"{"data": {"categories": [{"id": "swift", "name": "Swift"}]}}"#.utf8)
    let a = (0..<50).map { _ in DecoderFuzzing.mutate(sample, using: &first) }
    let b = (0..<50).map { _ in DecoderFuzzing.mutate(sample, using: &second) }
    #expect(a == b)
    #expect(Set(a).count > 40, "mutations differ from each other")
  }
}

@Suite(.untimed) struct SanitizerLogTests {
  @Test func aCleanRunCountsEveryTest() {
    let result = SanitizerLog.result(
      name: "DI", log: "◇ Test run started.\n✔ Test run with 32 tests in 7 suites passed after 0.1 seconds.\n")
    #expect(result.runs == 32 && result.passed == 32 && result.isClean)
  }

  @Test func aReportFailsTheScenario() {
    let log =
      "WARNING: ThreadSanitizer: data race (pid=1)\n✔ Test run with 32 tests in 7 suites passed after 0.1 seconds.\n"
    let result = SanitizerLog.result(name: "DI", log: log)
    #expect(result.passed == 0)
    #expect(result.failures == ["1 ThreadSanitizer report(s)"])
  }

  @Test func aBuildFailureIsNotAPass() {
    let result = SanitizerLog.result(name: "DI", log: "error: fatalError\n")
    #expect(!result.isClean)
  }
}
