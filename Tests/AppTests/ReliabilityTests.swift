import Foundation
import Reliability
import Testing

/// The reliability scenarios of `make stress` that take under a minute, at full size.
@Suite struct ReliabilityTests {
  @Test func sixteenProcessesStockingAtOnceLoseNothing() async throws {
    let result = try await CoursesScenarios.concurrentStocking(processes: 16)
    #expect(result.runs == 16)
    #expect(result.isClean, "\(result)")
  }

  @Test func fiftyKillsDuringARefreshLoseNothing() async throws {
    let result = try await CoursesScenarios.killDuringRefresh(runs: 50, seed: 0x5EED)
    #expect(result.runs == 50)
    #expect(result.isClean, "\(result)")
  }
}
