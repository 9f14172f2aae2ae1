import Foundation
import Infrastructure
import Testing

@testable import Reliability

/// The reliability scenarios of `make stress` that take under a minute, at full size.
@Suite struct ReliabilityTests {
  @Test func sixteenProcessesStockingAtOnceLoseNothing() async throws {
    let result = try await CoursesScenarios.concurrentStocking(processes: 16)
    #expect(result.runs == 16)
    #expect(result.isClean, "\(result)")
  }

  @Test func sixteenConcurrentSearchesShareTheCacheWithoutLocking() async throws {
    let result = try await SearchScenarios.concurrentSearches(processes: 16)
    #expect(result.runs == 16)
    #expect(result.isClean, "\(result)")
  }

  @Test func fiftyKillsDuringARefreshLoseNothing() async throws {
    let result = try await CoursesScenarios.killDuringRefresh(runs: 50, seed: 0x5EED)
    #expect(result.runs == 50)
    #expect(result.isClean, "\(result)")
  }
}

@Suite struct DecoderFuzzingTests {
  @Test func tenThousandMutatedCoursesResponsesGiveOnlyTypedErrors() async throws {
    let targets = try await DecoderFuzzing.coursesTargets()
    for target in targets {
      try target.decode(target.sample)  // the unmutated samples decode
    }
    let result = DecoderFuzzing.run(
      "Courses GraphQL decoders", targets: targets, iterations: 10_000, seed: 0xC0FFEE,
      isTypedError: { $0 is GraphQLError })
    #expect(result.runs == 10_000)
    #expect(result.isClean, "\(result)")
  }

  @Test func tenThousandMutatedGitHubResponsesGiveOnlyTypedErrors() async throws {
    let targets = try await DecoderFuzzing.githubTargets()
    for target in targets {
      try target.decode(target.sample)
    }
    let result = DecoderFuzzing.run(
      "GitHub REST decoders", targets: targets, iterations: 10_000, seed: 0xBADC0DE, isTypedError: { $0 is RESTError })
    #expect(result.runs == 10_000)
    #expect(result.isClean, "\(result)")
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

@Suite struct SanitizerLogTests {
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
