#if FEATURE_COURSES && FEATURE_SEARCH
  import Foundation
  import Reliability
  import TestScheduling
  import Testing

  /// How long a course detail waits for a GitHub that does not answer: about the 1.5 s the related repos are given,
  /// never the HTTP timeout.
  @Suite(.timing) struct FeatureCollaborationTimingTests {
    @Test func aSilentGitHubAddsAboutOneAndAHalfSecondsToACourseDetail() async throws {
      let silent = try await SilentGitHub.start(label: "related-timing")
      // The course's own reads are cached first, so the run's time is the related repos' wait.
      _ = try await AppRunner.run(["courses"], environment: silent.environment)
      let run = try await AppRunner.run(["courses", "show", "c01"], environment: silent.environment)
      await silent.stop()
      #expect(run.status == 0)
      #expect(run.duration >= .milliseconds(1400), "the repos were given their time")
      #expect(run.duration < .milliseconds(4000), "and no more than about that: \(run.duration)")
    }
  }
#endif
