import Foundation
import SearchTesting
import TestSupport
import Testing

extension SearchFeatureTests {
  @Suite("Search: rate limits")
  struct SearchRateLimitTests {
    /// The local wall-clock time the app shows for `date`.
    func localTime(_ date: Date) -> String {
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.timeZone = .current
      formatter.dateFormat = "HH:mm:ss"
      return formatter.string(from: date)
    }

    @Test("remaining 0: the reset time in local time and the hint to set a token; one request", arguments: [403, 429])
    func exhausted(status: Int) async throws {
      let harness = try await SearchHarness.start()
      let reset = harness.clock.now().addingTimeInterval(30 * 60)
      harness.github.loopback.route(
        "GET", "/search/repositories", response: GitHubFakeResponses.rateLimitExceeded(reset: reset, status: status))
      let run = try await harness.run(["search", "swift"], token: false)

      #expect(run.status == 1)
      #expect(
        run.stderr == """
          error: GitHub rate limit exceeded until \(localTime(reset)) (local time)
          Wait 30 minutes before trying again. To raise the limit, set GH_TOKEN (or GITHUB_TOKEN) to a GitHub \
          token, e.g. export GH_TOKEN=$(gh auth token).

          """)
      #expect(harness.github.searchRequests.count == 1)
      await harness.stop()
    }

    @Test("with a token the hint does not ask for one")
    func exhaustedWithToken() async throws {
      let harness = try await SearchHarness.start()
      let reset = harness.clock.now().addingTimeInterval(90)
      harness.github.loopback.route(
        "GET", "/search/repositories", response: GitHubFakeResponses.rateLimitExceeded(reset: reset))
      let run = try await harness.run(["search", "swift"])

      #expect(run.stderr.hasSuffix("\nWait 2 minutes before trying again.\n"))
      await harness.stop()
    }

    @Test("retry-after beyond 2 seconds: the wait is reported, exactly one request")
    func retryAfterLong() async throws {
      let harness = try await SearchHarness.start()
      harness.github.loopback.route("GET", "/search/repositories", response: GitHubFakeResponses.retryAfter(60))
      let run = try await harness.run(["search", "swift"])

      #expect(run.status == 1)
      #expect(
        run.stderr == """
          error: GitHub rate limit exceeded: API rate limit exceeded. Retry later.
          Wait 1 minute before trying again.

          """)
      #expect(harness.github.searchRequests.count == 1)
      await harness.stop()
    }

    @Test("retry-after of at most 2 seconds: retried once, exactly two requests (the wait: SearchTimingTests)")
    func retryAfterShort() async throws {
      let harness = try await SearchHarness.start()
      let github = harness.github
      github.loopback.route("GET", "/search/repositories") { request in
        github.searchRequests.count == 1 ? GitHubFakeResponses.retryAfter(1) : github.searchResponse(for: request)
      }
      let (run, json) = try await harness.searchJSON(["swift"])

      #expect(run.status == 0, "\(run.stderr)")
      #expect(fullNames(json).count == 5)
      #expect(github.searchRequests.count == 2)
      await harness.stop()
    }

    @Test("a used-up limit that resets within 2 seconds is waited out too, once")
    func resetSoon() async throws {
      let harness = try await SearchHarness.start()
      let github = harness.github
      let reset = harness.clock.now().addingTimeInterval(1)
      github.loopback.route("GET", "/search/repositories") { request in
        github.searchRequests.count == 1
          ? GitHubFakeResponses.rateLimitExceeded(reset: reset) : github.searchResponse(for: request)
      }
      let run = try await harness.run(["search", "swift"])

      #expect(run.status == 0)
      #expect(github.searchRequests.count == 2)
      await harness.stop()
    }

    @Test("never a loop: when the retry is limited too, the limit is reported after two requests")
    func retryOnlyOnce() async throws {
      let harness = try await SearchHarness.start()
      harness.github.loopback.route(
        "GET", "/search/repositories", response: GitHubFakeResponses.retryAfter(1, status: 403))
      let run = try await harness.run(["search", "swift"])

      #expect(run.status == 1)
      #expect(run.stderr.hasPrefix("error: GitHub rate limit exceeded"))
      #expect(run.stderr.contains("Wait 1 second before trying again."))
      #expect(harness.github.searchRequests.count == 2)
      await harness.stop()
    }

    @Test("a secondary limit passes GitHub's message on")
    func secondary() async throws {
      let harness = try await SearchHarness.start()
      harness.github.loopback.route(
        "GET", "/search/repositories", response: GitHubFakeResponses.retryAfter(120, status: 403, secondary: true))
      let run = try await harness.run(["search", "swift"])

      #expect(run.status == 1)
      #expect(
        run.stderr.hasPrefix(
          "error: GitHub secondary rate limit: You have exceeded a secondary rate limit. Please wait a few minutes "
            + "before you try again."))
      #expect(run.stderr.contains("\nWait 2 minutes before trying again.\n"))
      #expect(harness.github.searchRequests.count == 1)
      await harness.stop()
    }

    @Test("a secondary limit without retry-after: no retry, wait a few minutes")
    func secondaryWithoutRetryAfter() async throws {
      let harness = try await SearchHarness.start()
      harness.github.loopback.route(
        "GET", "/search/repositories",
        response: GitHubFakeResponses.error(
          403, message: "You have exceeded a secondary rate limit and have been temporarily blocked."))
      let run = try await harness.run(["search", "swift"])

      #expect(run.status == 1)
      #expect(
        run.stderr == """
          error: GitHub secondary rate limit: You have exceeded a secondary rate limit and have been \
          temporarily blocked.
          Wait a few minutes before trying again.

          """)
      #expect(harness.github.searchRequests.count == 1)
      await harness.stop()
    }

    @Test("a 403 that is no rate limit is reported as a refusal, without a retry")
    func forbidden() async throws {
      let harness = try await SearchHarness.start()
      harness.github.loopback.route(
        "GET", "/search/repositories",
        response: GitHubFakeResponses.error(403, message: "Resource not accessible by personal access token"))
      let run = try await harness.run(["search", "swift"])

      #expect(run.status == 1)
      #expect(
        run.stderr.hasPrefix("error: GitHub refused the request: Resource not accessible by personal access token\n"))
      #expect(harness.github.searchRequests.count == 1)
      await harness.stop()
    }
  }
}
