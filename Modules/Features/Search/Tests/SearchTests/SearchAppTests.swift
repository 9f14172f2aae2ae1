import Foundation
import Reliability
import SearchTesting
import TestScheduling
import TestSupport
import Testing

/// The Search feature through the built binary, against a fake GitHub on 127.0.0.1.
@Suite("app search (built binary)", .untimed)
struct SearchAppTests {
  static let repositories = [
    GitHubFakeRepo(
      owner: "apple", name: "swift", description: "The Swift Programming Language", language: "C++", stars: 67_000,
      forks: 10_400, openIssues: 7_000, subscribers: 2_500, topics: ["swift"], updatedAt: "2024-05-01T12:00:00Z"),
    GitHubFakeRepo(owner: "nobody", name: "bare", stars: 3, updatedAt: "2023-01-02T03:04:05Z", archived: true),
  ]

  /// A fresh APP_HOME, removed by the caller.
  static func makeHome() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("search-app-\(UUID().uuidString)")
  }

  @Test("a search loads libcurl, at its first request and not before")
  func searchLoadsLibcurl() async throws {
    let github = try await GitHubFakeServer.start(repos: Self.repositories)
    let home = Self.makeHome()
    defer { try? FileManager.default.removeItem(at: home) }
    let result = try await AppRunner.run(
      ["search", "swift", "--json"],
      environment: ["GITHUB_API_URL": github.baseURL.absoluteString, "APP_HOME": home.path, "LD_DEBUG": "files"])

    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("The Swift Programming Language"))
    // `LD_DEBUG=files` names what asked for each library: libcurl is opened at run time, not at start.
    let curl = result.stderr.split(separator: "\n").filter { $0.contains("file=libcurl.so") }
    #expect(curl.contains { $0.contains("dynamically loaded by") }, "\(curl)")
    #expect(!curl.contains { $0.contains("needed by") }, "\(curl)")
  }

  @Test("app search swift --json prints exactly the expected JSON")
  func searchJSON() async throws {
    let github = try await GitHubFakeServer.start(repos: Self.repositories)
    let home = Self.makeHome()
    defer { try? FileManager.default.removeItem(at: home) }
    let result = try await AppRunner.run(
      ["search", "swift", "--json"],
      environment: ["GITHUB_API_URL": github.baseURL.absoluteString, "APP_HOME": home.path])

    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
    #expect(
      result.stdout == """
        {
          "incompleteResults" : false,
          "items" : [
            {
              "description" : "The Swift Programming Language",
              "forksCount" : 10400,
              "fullName" : "apple/swift",
              "isArchived" : false,
              "language" : "C++",
              "openIssuesCount" : 7000,
              "owner" : {
                "login" : "apple"
              },
              "stargazersCount" : 67000,
              "updatedAt" : "2024-05-01T12:00:00Z",
              "url" : "https://github.com/apple/swift",
              "visibility" : "public",
              "watchersCount" : 67000
            },
            {
              "description" : null,
              "forksCount" : 0,
              "fullName" : "nobody/bare",
              "isArchived" : true,
              "language" : null,
              "openIssuesCount" : 0,
              "owner" : {
                "login" : "nobody"
              },
              "stargazersCount" : 3,
              "updatedAt" : "2023-01-02T03:04:05Z",
              "url" : "https://github.com/nobody/bare",
              "visibility" : "public",
              "watchersCount" : 3
            }
          ],
          "source" : "network",
          "stale" : false,
          "totalCount" : 2
        }

        """)
    let request = try #require(github.searchRequests.first)
    #expect(request.query("q") == "swift")
    #expect(request.header("accept") == "application/vnd.github+json")
    #expect(request.header("x-github-api-version") == "2022-11-28")
    #expect(request.header("user-agent") == "modular-app/0.1.0")
    #expect(request.header("authorization") == nil)

    let again = try await AppRunner.run(
      ["search", "swift", "--json"],
      environment: ["GITHUB_API_URL": github.baseURL.absoluteString, "APP_HOME": home.path])
    #expect(again.stdout.contains("\"source\" : \"cache\""))
    #expect(github.searchRequests.count == 1)
    await github.stop()
  }

  @Test("piped, the binary prints tab-separated rows; a bad limit is a usage error")
  func pipedAndUsage() async throws {
    let github = try await GitHubFakeServer.start(repos: Self.repositories)
    let home = Self.makeHome()
    defer { try? FileManager.default.removeItem(at: home) }
    let environment = ["GITHUB_API_URL": github.baseURL.absoluteString, "APP_HOME": home.path]
    let piped = try await AppRunner.run(["search", "swift"], environment: environment)
    let usage = try await AppRunner.run(["search", "swift", "--limit", "5000"], environment: environment)

    #expect(piped.status == 0)
    #expect(piped.stdout == "apple/swift\tThe Swift Programming Language\tC++\t67000\nnobody/bare\t(archived)\t\t3\n")
    #expect(usage.status == 64)
    #expect(usage.stderr.contains("--limit must be from 1 to 1000"))
    await github.stop()
  }

  @Test("a server that does not answer within APP_HTTP_TIMEOUT=1 fails with one line and exit 1")
  func timeout() async throws {
    let github = try await GitHubFakeServer.start()
    let hold = RequestHold()
    github.loopback.route("GET", "/search/repositories") { request in
      await hold.wait()
      return github.searchResponse(for: request)
    }
    let home = Self.makeHome()
    defer { try? FileManager.default.removeItem(at: home) }
    let result = try await AppRunner.run(
      ["search", "swift"],
      environment: ["GITHUB_API_URL": github.baseURL.absoluteString, "APP_HOME": home.path, "APP_HTTP_TIMEOUT": "1"])
    // GitHub answers only after the app has ended, so only the app's own timeout can have ended it.
    await hold.release()

    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("error: GitHub did not answer in time (127.0.0.1)\n"))
    #expect(!result.stderr.contains("Fatal error"))
    await github.stop()
  }

  @Test("a rate limit names the reset time in the user's time zone")
  func rateLimitLocalTime() async throws {
    let github = try await GitHubFakeServer.start()
    let reset = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 / 60).rounded(.down) * 60 + 1800)
    github.loopback.route(
      "GET", "/search/repositories", response: GitHubFakeResponses.rateLimitExceeded(reset: reset, status: 429))
    let home = Self.makeHome()
    defer { try? FileManager.default.removeItem(at: home) }
    let result = try await AppRunner.run(
      ["search", "swift"],
      environment: ["GITHUB_API_URL": github.baseURL.absoluteString, "APP_HOME": home.path, "TZ": "Asia/Tokyo"])
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "Asia/Tokyo")
    formatter.dateFormat = "HH:mm:ss"

    #expect(result.status == 1)
    #expect(
      result.stderr.hasPrefix("error: GitHub rate limit exceeded until \(formatter.string(from: reset)) (local time)\n")
    )
    #expect(result.stderr.contains("To raise the limit, set GH_TOKEN (or GITHUB_TOKEN)"))
    #expect(github.searchRequests.count == 1)
    await github.stop()
  }
}
