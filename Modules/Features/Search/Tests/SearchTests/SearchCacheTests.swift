import Foundation
import SearchTesting
import TestSupport
import Testing

extension SearchFeatureTests {
  @Suite("Search: cache, --offline, --refresh and stale fallback")
  struct SearchCacheTests {
    @Test("within 10 minutes the same search is answered from the cache without a request")
    func cacheHit() async throws {
      let harness = try await SearchHarness.start()
      let (first, firstJSON) = try await harness.searchJSON(["swift", "--limit", "3"])
      harness.clock.advance(by: 9 * 60 + 59)
      let (second, secondJSON) = try await harness.searchJSON(["swift", "--limit", "3"])

      #expect(first.status == 0 && second.status == 0)
      #expect(harness.github.searchRequests.count == 1)
      #expect(firstJSON["source"] as? String == "network")
      #expect(secondJSON["source"] as? String == "cache")
      #expect(secondJSON["stale"] as? Bool == false)
      #expect(fullNames(secondJSON) == fullNames(firstJSON))
      await harness.stop()
    }

    @Test("another GITHUB_API_URL never answers from the first one's cache, nor offline")
    func anotherHostHasItsOwnCache() async throws {
      let harness = try await SearchHarness.start()
      let enterprise = try await GitHubFakeServer.start(
        token: SearchHarness.token,
        repos: [GitHubFakeRepo(owner: "corp", name: "internal-swift", language: "Swift", stars: 7)])
      let (_, first) = try await harness.searchJSON(["swift"])
      let other = ["GITHUB_API_URL": enterprise.baseURL.absoluteString]

      let offline = try await harness.run(["search", "swift", "--offline", "--json"], environment: other)
      #expect(offline.status == 1, "nothing is cached for the other host: \(offline.stdout)")
      #expect(offline.stderr.hasPrefix("error: nothing is cached for this search"))
      let online = try await harness.run(["search", "swift", "--json"], environment: other)
      let json = try #require(try JSONSerialization.jsonObject(with: Data(online.stdout.utf8)) as? [String: Any])
      #expect(json["source"] as? String == "network")
      #expect(fullNames(json) == ["corp/internal-swift"])
      #expect(enterprise.searchRequests.count == 1)

      let (_, again) = try await harness.searchJSON(["swift"])
      #expect(again["source"] as? String == "cache", "the first host's entry is still there")
      #expect(fullNames(again) == fullNames(first))
      await enterprise.stop()
      await harness.stop()
    }

    @Test("after 10 minutes the cache is stale and GitHub is asked again")
    func staleAfterTenMinutes() async throws {
      let harness = try await SearchHarness.start()
      _ = try await harness.searchJSON(["swift"])
      harness.clock.advance(by: 10 * 60)
      let (run, json) = try await harness.searchJSON(["swift"])

      #expect(run.status == 0)
      #expect(harness.github.searchRequests.count == 2)
      #expect(json["source"] as? String == "network")
      #expect(json["stale"] as? Bool == false)
      await harness.stop()
    }

    @Test("each query, sort, order, language and limit has its own cache entry")
    func cacheKeys() async throws {
      let harness = try await SearchHarness.start()
      // The smaller limit first: after the longer search, it would be served from that one's results.
      let variants: [[String]] = [
        ["swift", "--limit", "2"], ["swift"], ["swift", "--sort", "stars"],
        ["swift", "--sort", "stars", "--order", "asc"], ["swift", "--language", "go"], ["swift", "vapor"],
      ]
      for arguments in variants { _ = try await harness.searchJSON(arguments) }
      for arguments in variants { _ = try await harness.searchJSON(arguments) }

      #expect(harness.github.searchRequests.count == variants.count)
      await harness.stop()
    }

    @Test("--offline shows the cache without a request, stale when old, with a warning")
    func offline() async throws {
      let harness = try await SearchHarness.start()
      _ = try await harness.searchJSON(["swift"])
      harness.clock.advance(by: 3 * 3600)
      let (run, json) = try await harness.searchJSON(["swift", "--offline"])
      let text = try await harness.run(["search", "swift", "--offline"])

      #expect(run.status == 0)
      #expect(harness.github.searchRequests.count == 1)
      #expect(json["source"] as? String == "cache")
      #expect(json["stale"] as? Bool == true)
      #expect(text.status == 0)
      #expect(text.stdout.split(separator: "\n").count == 5)
      #expect(text.stderr.contains("warning: showing results cached at 2023-11-14T22:13:20Z, which may be out of date"))
      let terminal = try await harness.run(["search", "swift", "--offline"], interactive: true)
      #expect(terminal.stderr.contains("warning: showing results cached 3 hours ago, which may be out of date"))
      await harness.stop()
    }

    @Test("--offline with an empty cache says so and exits 1")
    func offlineEmpty() async throws {
      let harness = try await SearchHarness.start()
      let run = try await harness.run(["search", "swift", "--offline"])

      #expect(run.status == 1)
      #expect(run.stdout.isEmpty)
      #expect(
        run.stderr
          == "error: nothing is cached for this search\nRun it once without --offline to fetch it from GitHub.\n"
      )
      #expect(harness.github.requests.isEmpty)
      await harness.stop()
    }

    @Test("--offline with a smaller --limit is served from the cached longer search")
    func offlineSmallerLimit() async throws {
      let harness = try await SearchHarness.start(repos: (1...40).map(GitHubFakeRepo.numbered))
      let (_, online) = try await harness.searchJSON(["swift"])
      #expect(fullNames(online).count == 30)

      let (run, json) = try await harness.searchJSON(["swift", "--limit", "5", "--offline"])
      #expect(run.status == 0, "\(run.stderr)")
      #expect(run.stderr.isEmpty)
      #expect(fullNames(json) == Array(fullNames(online).prefix(5)))
      #expect(json["totalCount"] as? Int == 40)
      #expect(json["source"] as? String == "cache")
      let text = try await harness.run(["search", "swift", "--limit", "5", "--offline"])
      #expect(text.status == 0)
      #expect(text.stdout.split(separator: "\n").count == 5)

      // 30 of 40 were cached: 31 cannot be made up from them, nor another query's.
      let longer = try await harness.run(["search", "swift", "--limit", "31", "--offline"])
      #expect(longer.status == 1)
      #expect(
        longer.stderr
          == "error: nothing is cached for this search\nRun it once without --offline to fetch it from GitHub.\n")
      #expect(try await harness.run(["search", "swift", "--sort", "stars", "--limit", "5", "--offline"]).status == 1)
      #expect(harness.github.searchRequests.count == 1)
      await harness.stop()
    }

    @Test("--offline with a larger --limit is served from a cached search that had every result")
    func offlineWholeList() async throws {
      let harness = try await SearchHarness.start()
      _ = try await harness.searchJSON(["swift", "--limit", "10"])
      let (run, json) = try await harness.searchJSON(["swift", "--offline"])
      #expect(run.status == 0, "\(run.stderr)")
      #expect(fullNames(json).count == 5, "all 5 matches were cached")
      #expect(harness.github.searchRequests.count == 1)
      await harness.stop()
    }

    @Test("--refresh asks GitHub even when the cache is fresh")
    func refresh() async throws {
      let harness = try await SearchHarness.start()
      _ = try await harness.searchJSON(["swift"])
      let (run, json) = try await harness.searchJSON(["swift", "--refresh"])

      #expect(run.status == 0)
      #expect(harness.github.searchRequests.count == 2)
      #expect(json["source"] as? String == "network")
      await harness.stop()
    }

    @Test("--offline and --refresh together are a usage error")
    func offlineAndRefresh() async throws {
      let harness = try await SearchHarness.start()
      let run = try await harness.run(["search", "swift", "--offline", "--refresh"])

      #expect(run.status == 64)
      #expect(run.stderr.contains("--offline and --refresh cannot be used together"))
      await harness.stop()
    }

    @Test("when GitHub fails, cached results are shown with a stale warning and exit 0")
    func failureWithCache() async throws {
      let harness = try await SearchHarness.start()
      let (_, fresh) = try await harness.searchJSON(["swift"])
      harness.clock.advance(by: 12 * 60)
      harness.github.loopback.route("GET", "/search/repositories", response: GitHubFakeResponses.htmlBadGateway())
      let (run, json) = try await harness.searchJSON(["swift"])
      let text = try await harness.run(["search", "swift"])

      #expect(run.status == 0)
      #expect(json["source"] as? String == "cache")
      #expect(json["stale"] as? Bool == true)
      #expect(fullNames(json) == fullNames(fresh))
      #expect(
        run.stderr
          == "warning: showing results cached at 2023-11-14T22:13:20Z, which may be out of date: GitHub answered HTTP 502\n"
          + "GitHub has a problem; try again later.\n")
      #expect(text.status == 0)
      #expect(text.stdout.hasPrefix("owner1/repo-1\t"))
      #expect(harness.github.searchRequests.count == 3)
      await harness.stop()
    }

    @Test("--refresh that fails falls back to the cache too")
    func refreshFailureWithCache() async throws {
      let harness = try await SearchHarness.start()
      _ = try await harness.searchJSON(["swift"])
      // GitHub goes away; its address, which the cache files the results under, stays.
      await harness.github.stop()
      let run = try await harness.run(["search", "swift", "--refresh", "--json"])

      #expect(run.status == 0)
      #expect(run.stdout.contains("\"source\" : \"cache\""))
      #expect(run.stderr.contains("which may be out of date: could not reach GitHub: Could not connect to 127.0.0.1"))
      await harness.stop()
    }

    @Test("an APP_HOME that is a file: one clear error, exit 1, no request needed to tell")
    func unusableHome() async throws {
      let harness = try await SearchHarness.start()
      let file = harness.home.appendingPathExtension("file")
      _ = FileManager.default.createFile(atPath: file.path, contents: Data("not a directory".utf8))
      defer { try? FileManager.default.removeItem(at: file) }
      let run = try await harness.run(["search", "swift"], environment: ["APP_HOME": file.path])

      #expect(run.status == 1)
      #expect(run.stdout.isEmpty)
      #expect(
        run.stderr == """
          error: the local cache could not be used
          The data directory \(file.path) is a file, not a directory. Move the file away, or set APP_HOME elsewhere.

          """)
      await harness.stop()
    }

    @Test("results are kept in the app's SQLite file, and a new process reads them")
    func persistedInSQLite() async throws {
      let harness = try await SearchHarness.start()
      _ = try await harness.searchJSON(["swift"])
      let database = harness.home.appendingPathComponent("app.sqlite")

      #expect(FileManager.default.fileExists(atPath: database.path))
      await harness.stop()
      let (run, json) = try await harness.searchJSON(["swift", "--offline"])
      #expect(run.status == 0)
      #expect(fullNames(json).count == 5)
    }
  }
}

extension SearchFeatureTests {
  @Suite("Search: a page that fails midway")
  struct SearchPartialPagingTests {
    @Test("the pages already cached are shown as stale, and the next run fetches only the missing page")
    func resumesPaging() async throws {
      let harness = try await SearchHarness.start(repos: (1...300).map(GitHubFakeRepo.numbered))
      let github = harness.github
      github.loopback.route("GET", "/search/repositories") { request in
        request.query("page") == "5" && github.searchRequests.count == 3
          ? GitHubFakeResponses.error(500, message: "Server Error") : github.searchResponse(for: request)
      }
      let (failed, partial) = try await harness.searchJSON(["swift", "--limit", "250"])

      #expect(failed.status == 0)
      #expect(fullNames(partial).count == 200)
      #expect(partial["stale"] as? Bool == true)
      #expect(failed.stderr.contains("GitHub answered HTTP 500: Server Error"))

      let (resumed, complete) = try await harness.searchJSON(["swift", "--limit", "250"])
      #expect(resumed.status == 0, "\(resumed.stderr)")
      #expect(github.searchRequests.map { $0.query("page") } == ["1", "2", "5", "5"])
      #expect(fullNames(complete) == (1...250).map { GitHubFakeRepo.numbered($0).fullName })
      #expect(complete["source"] as? String == "network")
      await harness.stop()
    }
  }
}
