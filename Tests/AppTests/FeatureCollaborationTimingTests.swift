#if FEATURE_COURSES && FEATURE_SEARCH
  import Foundation
  import Reliability
  import SearchTesting
  import TestScheduling
  import TestSupport
  import Testing

  /// How long a course detail waits for a GitHub that does not answer: about the 1.5 s the related repos are given,
  /// never the HTTP timeout.
  @Suite(.timing) struct FeatureCollaborationTimingTests {
    @Test func aSilentGitHubAddsAboutOneAndAHalfSecondsToACourseDetail() async throws {
      let github = try await GitHubFakeServer.start()
      defer { Task { await github.stop() } }
      let gate = ArrivalGate(expected: 2, patience: .seconds(120))
      github.loopback.route("GET", "/search/repositories") { request in
        _ = await gate.arriveAndWait()
        return github.searchResponse(for: request)
      }
      let home = AppHome(label: "related-timing")
      defer { home.remove() }
      let environment = [
        "APP_HOME": home.url.path, "GITHUB_API_URL": github.baseURL.absoluteString, "APP_HTTP_TIMEOUT": "60",
      ]
      // The course's own reads are cached first, so the run's time is the related repos' wait.
      _ = try await AppRunner.run(["courses"], environment: environment)
      let run = try await AppRunner.run(["courses", "show", "c01"], environment: environment)
      _ = await gate.arriveAndWait()
      #expect(run.status == 0)
      #expect(run.duration >= .milliseconds(1400), "the repos were given their time")
      #expect(run.duration < .milliseconds(4000), "and no more than about that: \(run.duration)")
    }
  }
#endif
