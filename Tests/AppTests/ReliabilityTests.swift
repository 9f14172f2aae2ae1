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
