import Foundation
import SearchTesting
import TestSupport
import Testing

extension SearchFeatureTests {
  @Suite("Search: paging, parameters and headers")
  struct SearchPagingTests {
    @Test("limit 250 follows Link page by page: 3 requests of 100, 100 and 50, no result twice")
    func limit250() async throws {
      let harness = try await SearchHarness.start(repos: (1...300).map(GitHubFakeRepo.numbered))
      let (run, json) = try await harness.searchJSON(["swift", "--limit", "250"])

      #expect(run.status == 0, "\(run.stderr)")
      let requests = harness.github.searchRequests
      #expect(requests.map { $0.query("per_page") } == ["100", "100", "50"])
      #expect(requests.map { $0.query("page") } == ["1", "2", "5"])
      #expect(fullNames(json) == (1...250).map { GitHubFakeRepo.numbered($0).fullName })
      #expect(json["totalCount"] as? Int == 300)
      await harness.stop()
    }

    @Test("limit 130 never repeats results: the second page is 50 wide so it starts at result 101")
    func limitNotAMultipleOfThePage() async throws {
      let harness = try await SearchHarness.start(repos: (1...300).map(GitHubFakeRepo.numbered))
      let (run, json) = try await harness.searchJSON(["swift", "--limit", "130"])

      #expect(run.status == 0, "\(run.stderr)")
      let requests = harness.github.searchRequests
      #expect(requests.map { $0.query("per_page") } == ["100", "50"])
      #expect(requests.map { $0.query("page") } == ["1", "3"])
      #expect(fullNames(json) == (1...130).map { GitHubFakeRepo.numbered($0).fullName })
      await harness.stop()
    }

    @Test("a limit smaller than a page asks for exactly that many, once")
    func limitSmallerThanAPage() async throws {
      let harness = try await SearchHarness.start(repos: (1...300).map(GitHubFakeRepo.numbered))
      let (run, json) = try await harness.searchJSON(["swift", "--limit", "5"])

      #expect(run.status == 0)
      #expect(harness.github.searchRequests.map { $0.query("per_page") } == ["5"])
      #expect(fullNames(json).count == 5)
      await harness.stop()
    }

    @Test("without a next link one request is made, even when the limit is larger")
    func noNextPage() async throws {
      let harness = try await SearchHarness.start(repos: (1...7).map(GitHubFakeRepo.numbered))
      let (run, json) = try await harness.searchJSON(["swift", "--limit", "300"])

      #expect(run.status == 0)
      let requests = harness.github.searchRequests
      #expect(requests.count == 1)
      #expect(requests.first?.query("per_page") == "100")
      #expect(fullNames(json).count == 7)
      #expect(json["totalCount"] as? Int == 7)
      await harness.stop()
    }

    @Test("the default limit is 30, in one request")
    func defaultLimit() async throws {
      let harness = try await SearchHarness.start(repos: (1...50).map(GitHubFakeRepo.numbered))
      let (_, json) = try await harness.searchJSON(["swift"])

      #expect(harness.github.searchRequests.map { $0.query("per_page") } == ["30"])
      #expect(fullNames(json).count == 30)
      await harness.stop()
    }

    @Test("q joins the words with spaces and adds --language; sort and order are sent together")
    func queryParameters() async throws {
      let harness = try await SearchHarness.start()
      let run = try await harness.run([
        "search", "http", "client", "stars:>100", "--language", "swift", "--sort", "help-wanted-issues", "--order",
        "asc", "--limit", "3",
      ])

      #expect(run.status == 0, "\(run.stderr)")
      let request = try #require(harness.github.searchRequests.first)
      #expect(request.query("q") == "http client stars:>100 language:swift")
      #expect(request.rawQuery.contains("q=http%20client%20stars%3A%3E100%20language%3Aswift"))
      #expect(request.query("sort") == "help-wanted-issues")
      #expect(request.query("order") == "asc")
      #expect(request.query("per_page") == "3")
      #expect(request.query("page") == "1")
      await harness.stop()
    }

    @Test("without --sort neither sort nor order is sent")
    func noSortNoOrder() async throws {
      let harness = try await SearchHarness.start()
      _ = try await harness.run(["search", "swift"])

      let request = try #require(harness.github.searchRequests.first)
      #expect(request.query("sort") == nil)
      #expect(request.query("order") == nil)
      await harness.stop()
    }

    @Test("a unicode query reaches the server intact, UTF-8 percent-encoded")
    func unicodeQuery() async throws {
      let harness = try await SearchHarness.start()
      let run = try await harness.run(["search", "日本語", "swift"])

      #expect(run.status == 0, "\(run.stderr)")
      let request = try #require(harness.github.searchRequests.first)
      #expect(request.query("q") == "日本語 swift")
      #expect(request.rawQuery.hasPrefix("q=%E6%97%A5%E6%9C%AC%E8%AA%9E%20swift&"))
      await harness.stop()
    }

    @Test("every request carries GitHub's headers and the token as a Bearer credential")
    func headers() async throws {
      let harness = try await SearchHarness.start()
      _ = try await harness.run(["search", "swift"])
      _ = try await harness.run(["search", "view", "owner1/repo-1"])
      _ = try await harness.run(["search", "star", "owner1/repo-1"])

      let requests = harness.github.requests
      #expect(requests.map(\.method) == ["GET", "GET", "GET", "PUT"], "search, view, the view's star read, star")
      for request in requests {
        #expect(request.header("accept") == "application/vnd.github+json")
        #expect(request.header("x-github-api-version") == "2022-11-28")
        #expect(request.header("user-agent") == "modular-app/0.1.0")
        #expect(request.header("authorization") == "Bearer \(SearchHarness.token)")
      }
      await harness.stop()
    }

    @Test("without a token no Authorization header is sent")
    func noToken() async throws {
      let harness = try await SearchHarness.start()
      let run = try await harness.run(["search", "swift"], token: false)

      #expect(run.status == 0)
      #expect(harness.github.searchRequests.first?.header("authorization") == nil)
      await harness.stop()
    }
  }
}
