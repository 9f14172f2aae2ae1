import Foundation
import SearchTesting
import TestSupport
import Testing

extension SearchFeatureTests {
  @Suite("Search: where the token may go")
  struct SearchSecurityTests {
    @Test(
      "a token is never sent over plain http to a host that is not loopback; a star there is not made (64)",
      arguments: ["search", "star"])
    func insecureCredentials(command: String) async throws {
      let harness = try await SearchHarness.start()
      let arguments = command == "search" ? ["search", "swift"] : ["search", "star", "apple/swift"]
      let run = try await harness.run(arguments, environment: ["GITHUB_API_URL": "http://api.example.invalid"])

      if command == "search" {
        #expect(run.status == 1)
        #expect(
          run.stderr == """
            error: refusing to send the GitHub token to api.example.invalid over plain http://
            Use an https:// GITHUB_API_URL, or unset GH_TOKEN and GITHUB_TOKEN.

            """)
      } else {
        // A change this setting could never send is not made: a usage error, and nothing waits.
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
        #expect(
          run.stderr == """
            error: the change was not made: GITHUB_API_URL is plain http:// to api.example.invalid, where the token \
            is never sent
            Use an https:// GITHUB_API_URL (or a loopback one); nothing was recorded.

            """)
        let list = try await harness.run(["sync", "--list"])
        #expect(list.status == 0 && list.stdout == "No change waits.\n", "\(list.stdout)\(list.stderr)")
      }
      #expect(harness.github.requests.isEmpty)
      await harness.stop()
    }

    @Test("a redirect to another port does not carry Authorization; the results still arrive")
    func redirectDropsAuthorization() async throws {
      let harness = try await SearchHarness.start()
      let entry = try await LoopbackServer.start()
      let target = harness.github.baseURL.absoluteString
      entry.route(nil, "/**") { request in
        .redirect(to: target + request.path + (request.rawQuery.isEmpty ? "" : "?" + request.rawQuery), status: 307)
      }
      let search = try await harness.run(
        ["search", "swift", "--json"], environment: ["GITHUB_API_URL": entry.baseURL.absoluteString])
      let star = try await harness.run(
        ["search", "star", "owner1/repo-1"], environment: ["GITHUB_API_URL": entry.baseURL.absoluteString])

      #expect(search.status == 0, "\(search.stderr)")
      #expect(entry.requests.count == 2)
      #expect(entry.requests.allSatisfy { $0.header("authorization") == "Bearer \(SearchHarness.token)" })
      let redirected = harness.github.requests
      #expect(redirected.map(\.method) == ["GET", "PUT"])
      #expect(redirected.allSatisfy { $0.header("authorization") == nil })
      #expect(star.status == 4, "GitHub asks for a token the redirect did not carry")
      #expect(star.stderr.hasPrefix("error: token rejected by GitHub: Requires authentication\n"))
      await entry.stop()
      await harness.stop()
    }

    @Test("a server that echoes the token in its messages does not get it printed")
    func echoedTokenIsScrubbed() async throws {
      let harness = try await SearchHarness.start()
      harness.github.loopback.route("GET", "/repos/*/*") { request in
        let echoed = request.header("authorization") ?? ""
        return .json(
          #"{"message": "Not Found for \#(echoed)", "documentation_url": "https://docs.github.com"}"#, status: 404)
      }
      harness.github.loopback.route("GET", "/search/repositories") { request in
        let echoed = request.header("authorization") ?? ""
        return .json(
          #"{"message": "Validation Failed", "errors": [{"resource": "Search", "field": "q", "code": "invalid", "message": "bad \#(echoed)"}]}"#,
          status: 422)
      }
      let view = try await harness.run(["search", "view", "owner1/repo-1"])
      let search = try await harness.run(["search", "swift"])
      #expect(view.status == 1)
      #expect(search.status == 1)
      for run in [view, search] {
        #expect(!run.stderr.contains(SearchHarness.token))
        #expect(!run.stdout.contains(SearchHarness.token))
      }
      #expect(search.stderr.contains("<redacted token>"), "\(search.stderr)")
      await harness.stop()
    }

    @Test("the token is in no output, no error and nowhere in the database")
    func tokenHygieneInProcess() async throws {
      let harness = try await SearchHarness.start()
      var runs = [
        try await harness.run(["search", "swift"]), try await harness.run(["search", "view", "owner1/repo-1"]),
        try await harness.run(["search", "star", "owner1/repo-1"]),
      ]
      harness.github.loopback.route("GET", "/search/repositories", response: GitHubFakeResponses.badCredentials())
      runs.append(try await harness.run(["search", "swift", "--refresh"]))
      harness.github.loopback.route("GET", "/repos/*/*", response: GitHubFakeResponses.retryAfter(60))
      runs.append(try await harness.run(["search", "view", "owner2/repo-2"]))

      for run in runs {
        #expect(!run.stdout.contains(SearchHarness.token) && !run.stderr.contains(SearchHarness.token))
        #expect(!run.stdout.contains("ghp_") && !run.stderr.contains("ghp_"))
      }
      let files = try AppHomeFiles.regularFiles(in: harness.home)
      #expect(files.contains("app.sqlite"))
      for file in files {
        guard let data = try? Data(contentsOf: harness.home.appendingPathComponent(file)) else {
          // This process's open marker goes when a run's database is closed, which may come just after the run
          // returned (the runs are in this process): only that file may be gone by now.
          #expect(file.hasSuffix(".open-\(ProcessInfo.processInfo.processIdentifier)"), "\(file) could not be read")
          continue
        }
        #expect(data.range(of: Data(SearchHarness.token.utf8)) == nil, "\(file)")
      }
      await harness.stop()
    }
  }
}
