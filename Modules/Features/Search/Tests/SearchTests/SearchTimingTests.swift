import Foundation
import SearchTesting
import TestScheduling
import TestSupport
import Testing

/// Wall-clock assertions; `.timing` runs each with no other test beside it.
@Suite(.timing) struct SearchTimingTests {
  @Test("a retry-after of 1 second is waited out before the one retry")
  func retryAfterIsWaitedOut() async throws {
    let harness = try await SearchHarness.start()
    let github = harness.github
    github.loopback.route("GET", "/search/repositories") { request in
      github.searchRequests.count == 1 ? GitHubFakeResponses.retryAfter(1) : github.searchResponse(for: request)
    }
    let clock = ContinuousClock()
    let started = clock.now
    let (run, _) = try await harness.searchJSON(["swift"])

    #expect(run.status == 0, "\(run.stderr)")
    #expect(github.searchRequests.count == 2)
    // A lower bound: a busy machine only makes the run longer.
    #expect(started.duration(to: clock.now) >= .seconds(1))
    await harness.stop()
  }
}
