import Foundation
import SearchTesting
import TestSupport
import Testing

extension SearchFeatureTests {
  @Suite("Search: bad input from the user")
  struct SearchUsageErrorTests {
    @Test(
      "usage errors exit 64 with a message naming the problem",
      arguments: [
        (["search"], "The search query is empty"),
        (["search", "   "], "The search query is empty"),
        (["search", "swift", "--limit", "0"], "--limit must be from 1 to 1000"),
        (["search", "swift", "--limit", "5000"], "--limit must be from 1 to 1000"),
        (["search", "swift", "--limit", "many"], "The value 'many' is invalid for '--limit <limit>'"),
        (["search", "swift", "--order", "asc"], "--order needs --sort"),
        (["search", "swift", "--sort", "name"], "The value 'name' is invalid for '--sort <sort>'"),
        (["search", String(repeating: "a", count: 257)], "GitHub accepts at most 256"),
        // Without a repository, the current directory's git remote; where the tests run, none is on 127.0.0.1.
        (["search", "view"], "error: no repository given, and "),
      ])
    func usageError(arguments: [String], message: String) async throws {
      let harness = try await SearchHarness.start()
      let run = try await harness.run(arguments)

      #expect(run.status == 64)
      #expect(run.stdout.isEmpty)
      #expect(run.stderr.contains(message), "\(run.stderr)")
      #expect(harness.github.requests.isEmpty)
      await harness.stop()
    }

    static let queryUsage =
      "Usage: app search [<words> ...] [--sort <sort>] [--order <order>] [--language <language>] [--limit <limit>] "
      + "[--offline] [--refresh] [--json]\n  See 'app search --help' for more information.\n"

    /// An option Search does not declare is named first, not taken for an empty query, and the usage and the
    /// pointer to help name the command as typed (`app search`, not its default subcommand `query`).
    @Test(
      "an unknown option is a usage error naming it, before any request",
      arguments: [
        (["search", "--bogus"], "error: Unknown option '--bogus'\n" + queryUsage),
        (["search", "--bogus", "--json"], "error: Unknown option '--bogus'\n" + queryUsage),
        (["search", "swift", "-x"], "error: Unknown option '-x'\n" + queryUsage),
        (["search", "--limt", "5"], "error: Unknown option '--limt'. Did you mean '--limit'?\n" + queryUsage),
        (
          ["search", "query", "--bogus"],
          "error: Unknown option '--bogus'\n"
            + "Usage: app search query [<words> ...] [--sort <sort>] [--order <order>] [--language <language>] "
            + "[--limit <limit>] [--offline] [--refresh] [--json]\n"
            + "  See 'app search query --help' for more information.\n"
        ),
        (
          ["search", "view", "--bogus"],
          "error: Unknown option '--bogus'\nUsage: app search view [<repository>] [--offline] [--refresh] [--json]\n"
            + "  See 'app search view --help' for more information.\n"
        ),
      ])
    func unknownOption(arguments: [String], stderr: String) async throws {
      let harness = try await SearchHarness.start()
      let run = try await harness.run(arguments)

      #expect(run.status == 64)
      #expect(run.stdout.isEmpty)
      #expect(run.stderr == stderr, "\(arguments)")
      #expect(harness.github.requests.isEmpty)
      await harness.stop()
    }

    @Test(
      "a malformed owner/repo is a usage error before any request",
      arguments: ["apple", "/swift", "apple/", "ap ple/swift", "apple/..", "../etc", "a/b?c=1"])
    func malformedRepository(name: String) async throws {
      let harness = try await SearchHarness.start()
      for command in ["view", "star", "unstar"] {
        let run = try await harness.run(["search", command, name])
        #expect(run.status == 64, "\(command) \(name)")
        #expect(run.stderr.contains("is not a repository name"))
        #expect(run.stderr.contains("Give it as owner/repo (for example apple/swift), as host/owner/repo, or as its"))
      }
      #expect(harness.github.requests.isEmpty)
      await harness.stop()
    }
  }
}

extension SearchFeatureTests {
  @Suite("Search: bad answers from the server, with nothing cached")
  struct SearchServerErrorTests {
    /// Runs a search against a route answering `response` and returns what it printed.
    func search(answering response: LoopbackResponse) async throws -> SearchRun {
      let harness = try await SearchHarness.start()
      harness.github.loopback.route("GET", "/search/repositories", response: response)
      let run = try await harness.run(["search", "swift"])
      await harness.stop()
      return run
    }

    /// Checks a failure: exit 1, nothing on stdout, exactly a title line starting with `title` and a hint line.
    func expectFailure(_ run: SearchRun, title: String, sourceLocation: SourceLocation = #_sourceLocation) {
      #expect(run.status == 1, sourceLocation: sourceLocation)
      #expect(run.stdout.isEmpty, sourceLocation: sourceLocation)
      let lines = run.stderr.split(separator: "\n", omittingEmptySubsequences: false)
      #expect(lines.count == 3 && lines.last == "", "\(run.stderr)", sourceLocation: sourceLocation)
      #expect(lines.first?.hasPrefix("error: \(title)") == true, "\(run.stderr)", sourceLocation: sourceLocation)
    }

    @Test("malformed JSON")
    func malformedJSON() async throws {
      let run = try await search(answering: .json("{\"total_count\": 1, \"items\": [ nope ]}"))
      expectFailure(run, title: "GitHub's answer could not be read:")
    }

    @Test("wrong types")
    func wrongTypes() async throws {
      let run = try await search(
        answering: .json("{\"total_count\": \"many\", \"incomplete_results\": false, \"items\": []}"))
      expectFailure(run, title: "GitHub's answer could not be read: expected Int at totalCount")
    }

    @Test("a truncated body")
    func truncatedBody() async throws {
      let run = try await search(
        answering: .json("{\"total_count\": 1, \"incomplete_results\": false, \"items\": [{\"full_name\": \"a/"))
      expectFailure(run, title: "GitHub's answer could not be read:")
    }

    @Test("an HTML 502 from a proxy")
    func htmlBadGateway() async throws {
      let run = try await search(answering: GitHubFakeResponses.htmlBadGateway())
      expectFailure(run, title: "GitHub answered HTTP 502")
      #expect(run.stderr.contains("GitHub has a problem; try again later."))
      #expect(!run.stderr.contains("<html>"))
    }

    @Test("a refused connection")
    func refusedConnection() async throws {
      let harness = try await SearchHarness.start()
      let port = try LoopbackServer.unusedPort()
      let run = try await harness.run(["search", "swift"], environment: ["GITHUB_API_URL": "http://127.0.0.1:\(port)"])
      expectFailure(run, title: "could not reach GitHub: Could not connect to 127.0.0.1:\(port)")
      // Said once: the title says what to check, the hint only where the address comes from.
      #expect(
        run.stderr
          == "error: could not reach GitHub: Could not connect to 127.0.0.1:\(port): check that the server is running "
          + "and the address is right.\nGitHub is asked at GITHUB_API_URL (https://api.github.com when it is unset).\n")
      await harness.stop()
    }

    @Test("a timeout (APP_HTTP_TIMEOUT=1)")
    func timeout() async throws {
      let harness = try await SearchHarness.start()
      let github = harness.github
      let hold = RequestHold()
      github.loopback.route("GET", "/search/repositories") { request in
        await hold.wait()
        return github.searchResponse(for: request)
      }
      let run = try await harness.run(["search", "swift"], environment: ["APP_HTTP_TIMEOUT": "1"])

      // GitHub answers only once the app has ended: a run that ends with this error ended at its own timeout.
      await hold.release()
      expectFailure(run, title: "GitHub did not answer in time (127.0.0.1)")
      #expect(run.stderr.contains("APP_HTTP_TIMEOUT"))
      await harness.stop()
    }

    @Test("422: invalid search query with GitHub's message and errors[] details")
    func invalidQuery() async throws {
      let run = try await search(
        answering: GitHubFakeResponses.validationFailed(errors: [
          [
            "message": "The listed users and repositories cannot be searched either because the resources do not "
              + "exist or you do not have permission to view them.",
            "resource": "Search", "field": "q", "code": "invalid",
          ]
        ]))
      expectFailure(
        run,
        title: "invalid search query: Validation Failed (q: The listed users and repositories cannot be searched")
      #expect(run.stderr.contains("(invalid))\n"))
      #expect(run.stderr.contains("Check the words and qualifiers of the query"))
    }

    @Test("422 beyond the first 1,000 results passes GitHub's message on")
    func beyondAThousand() async throws {
      let run = try await search(
        answering: GitHubFakeResponses.error(422, message: "Only the first 1000 search results are available"))
      expectFailure(run, title: "invalid search query: Only the first 1000 search results are available")
    }

    @Test("a non-JSON 500 and a JSON 500")
    func serverErrors() async throws {
      let plain = try await search(answering: .text("oops", status: 500))
      let json = try await search(answering: GitHubFakeResponses.error(500, message: "Server Error"))
      expectFailure(plain, title: "GitHub answered HTTP 500")
      #expect(plain.stderr.hasPrefix("error: GitHub answered HTTP 500\n"))
      expectFailure(json, title: "GitHub answered HTTP 500: Server Error")
    }
  }
}
