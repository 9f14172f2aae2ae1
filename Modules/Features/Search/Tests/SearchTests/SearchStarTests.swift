import FeatureKit
import FeatureKitTesting
import Foundation
import Infrastructure
import InfrastructureTesting
import Repository
import SearchTesting
import SearchUseCase
import TestSupport
import Testing
import UseCase

extension SearchFeatureTests {
  @Suite("Search: star and unstar")
  struct SearchStarTests {
    @Test("star sends PUT with Content-Length 0, unstar sends DELETE; both answer 204")
    func starAndUnstar() async throws {
      let harness = try await SearchHarness.start()
      let star = try await harness.run(["search", "star", "owner1/repo-1"])
      #expect(harness.github.starred == ["owner1/repo-1"])
      let unstar = try await harness.run(["search", "unstar", "owner1/repo-1"])

      #expect(star.status == 0 && star.stdout == "Starred owner1/repo-1\n" && star.stderr.isEmpty)
      #expect(unstar.status == 0 && unstar.stdout == "Unstarred owner1/repo-1\n" && unstar.stderr.isEmpty)
      #expect(harness.github.starred.isEmpty)
      let requests = harness.github.requests
      #expect(requests.map(\.method) == ["PUT", "DELETE"])
      #expect(requests.map(\.path) == ["/user/starred/owner1/repo-1", "/user/starred/owner1/repo-1"])
      #expect(requests[0].header("content-length") == "0")
      #expect(requests[0].body.isEmpty)
      await harness.stop()
    }

    @Test("a star or unstar answers GitHub's write as an outcome from the network, dated on the app's clock")
    func aWriteAnswersAnOutcome() async throws {
      let harness = try await SearchHarness.start()
      defer { Task { await harness.stop() } }
      let clock = ManualClock(Date(timeIntervalSince1970: 1_795_000_000))
      let terminal = Terminal(output: CapturedText().sink, errors: CapturedText().sink)
      let star = try harness.container(environment: harness.environment(), terminal: terminal)
        .overriding { $0.register((any AppClock).self, scope: .singleton) { _ in clock } }
        .resolve(StarRepoUseCase.self)

      let starred = try await star.execute(fullName: "https://127.0.0.1/owner1/repo-1", starred: true)
      #expect(starred.content == StarChange(fullName: "owner1/repo-1", starred: true))
      #expect(starred.provenance == Provenance(source: .network, fetchedAt: clock.now()))
      #expect(starred.answeredAt == clock.now() && starred.refreshFailure == nil)
      clock.advance(by: 5)
      let unstarred = try await star.execute(fullName: "owner1/repo-1", starred: false)
      #expect(unstarred.content == StarChange(fullName: "owner1/repo-1", starred: false))
      #expect(unstarred.answeredAt == clock.now() && unstarred.age == 0)
      #expect(harness.github.requests.map(\.method) == ["PUT", "DELETE"])
    }

    @Test("without a token: exit 4, how to set GH_TOKEN, and no request", arguments: ["star", "unstar"])
    func noToken(command: String) async throws {
      let harness = try await SearchHarness.start()
      let run = try await harness.run(["search", command, "owner1/repo-1"], token: false)

      #expect(run.status == 4)
      #expect(run.stdout.isEmpty)
      #expect(
        run.stderr == """
          error: authentication required: \(command == "star" ? "starring" : "unstarring") needs a GitHub token
          Set GH_TOKEN (or GITHUB_TOKEN) to a GitHub token, e.g. export GH_TOKEN=$(gh auth token).

          """)
      #expect(harness.github.requests.isEmpty)
      await harness.stop()
    }

    @Test("a rejected token (401): token rejected, exit 4")
    func rejectedToken() async throws {
      let harness = try await SearchHarness.start()
      let run = try await harness.run(["search", "star", "owner1/repo-1"], environment: ["GH_TOKEN": "ghp_revoked"])

      #expect(run.status == 4)
      #expect(run.stderr.hasPrefix("error: token rejected by GitHub: Bad credentials\n"))
      #expect(run.stderr.contains("GH_TOKEN or GITHUB_TOKEN"))
      #expect(harness.github.requests.count == 1)
      await harness.stop()
    }

    @Test("an unknown repository (404): not found, exit 1", arguments: ["star", "unstar"])
    func unknownRepository(command: String) async throws {
      let harness = try await SearchHarness.start()
      let run = try await harness.run(["search", command, "nobody/nothing"])

      #expect(run.status == 1)
      #expect(run.stderr.hasPrefix("error: repository not found: nobody/nothing\n"))
      await harness.stop()
    }

    @Test("starring forgets the cached details, so the next view shows the new star count")
    func starInvalidatesDetails() async throws {
      let harness = try await SearchHarness.start()
      _ = try await harness.run(["search", "view", "owner1/repo-1"])
      _ = try await harness.run(["search", "view", "owner1/repo-1"])
      #expect(harness.github.loopback.requests(to: "/repos/owner1/repo-1").count == 1)

      _ = try await harness.run(["search", "star", "owner1/repo-1"])
      _ = try await harness.run(["search", "view", "owner1/repo-1"])
      #expect(harness.github.loopback.requests(to: "/repos/owner1/repo-1").count == 2)
      await harness.stop()
    }
  }
}

extension SearchFeatureTests {
  @Suite("Search: view a repository")
  struct SearchViewCommandTests {
    @Test("the details as labelled lines")
    func textGolden() async throws {
      let harness = try await SearchHarness.start(repos: [
        GitHubFakeRepo(
          owner: "apple", name: "swift", description: "The Swift Programming Language", language: "C++",
          stars: 67_000, forks: 10_400, openIssues: 7_000, subscribers: 2_500, topics: ["swift", "compiler"],
          license: ("Apache-2.0", "Apache License 2.0"), updatedAt: "2024-05-01T12:00:00Z")
      ])
      let run = try await harness.run(["search", "view", "Apple/Swift"])

      #expect(run.status == 0, "\(run.stderr)")
      #expect(
        run.stdout == """
          apple/swift
          The Swift Programming Language

          Language:     C++
          Stars:        67000
          Starred:      no
          Watchers:     2500
          Forks:        10400
          Open issues:  7000
          Topics:       swift, compiler
          License:      Apache License 2.0 (Apache-2.0)
          URL:          https://github.com/apple/swift
          Updated:      2024-05-01T12:00:00Z

          """)
      #expect(run.stderr.isEmpty)
      #expect(harness.github.requests.first?.path == "/repos/Apple/Swift")
      await harness.stop()
    }

    @Test("404: repository not found, exit 1")
    func notFound() async throws {
      let harness = try await SearchHarness.start()
      let run = try await harness.run(["search", "view", "nobody/nothing"])

      #expect(run.status == 1)
      #expect(run.stdout.isEmpty)
      #expect(
        run.stderr == """
          error: repository not found: nobody/nothing
          Check the owner and the name; a private repository needs a token that can see it.

          """)
      await harness.stop()
    }

    @Test("cached for 10 minutes; a failure after that shows the cached details as stale")
    func cacheAndStaleFallback() async throws {
      let harness = try await SearchHarness.start()
      _ = try await harness.run(["search", "view", "owner1/repo-1", "--json"])
      harness.clock.advance(by: 5 * 60)
      let cached = try await harness.run(["search", "view", "owner1/repo-1", "--json"])
      harness.clock.advance(by: 6 * 60)
      harness.github.loopback.route("GET", "/repos/*/*", response: GitHubFakeResponses.htmlBadGateway())
      let stale = try await harness.run(["search", "view", "owner1/repo-1", "--json"])

      #expect(cached.status == 0 && cached.stdout.contains("\"source\" : \"cache\""))
      #expect(stale.status == 0)
      #expect(stale.stdout.contains("\"stale\" : true"))
      #expect(
        stale.stderr
          == "warning: showing details cached at 2023-11-14T22:13:20Z, which may be out of date: GitHub answered HTTP 502\n"
          + "GitHub has a problem; try again later.\n")
      #expect(harness.github.loopback.requests(to: "/repos/owner1/repo-1").count == 2)
      // On a terminal the warning says how old the details are.
      let terminal = try await harness.run(["search", "view", "owner1/repo-1"], interactive: true)
      #expect(
        terminal.stderr.hasSuffix(
          "warning: showing details cached 11 minutes ago, which may be out of date: GitHub answered HTTP 502\n"
            + "GitHub has a problem; try again later.\n"))
      await harness.stop()
    }
  }
}
