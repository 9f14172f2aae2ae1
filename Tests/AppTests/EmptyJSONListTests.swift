import Foundation
import Reliability
import TestScheduling
import Testing

#if FEATURE_SEARCH
  import SearchTesting
#endif

/// Every command's `--json` prints an empty list as `[]`, in the built app.
@Suite(.untimed) struct EmptyJSONListTests {
  #if FEATURE_COURSES
    @Test func nothingStockedIsAnEmptyArray() async throws {
      let home = AppHome(label: "json-stocked")
      defer { home.remove() }
      let run = try await AppRunner.run(["courses", "stocked", "--json"], environment: ["APP_HOME": home.url.path])
      #expect(run.status == 0)
      #expect(run.stdout == "[]\n")
      #expect(run.stderr == "")
    }
  #endif

  #if FEATURE_SEARCH
    @Test func aSearchWithNoResultsHasAnEmptyItemsArray() async throws {
      let github = try await GitHubFakeServer.start(repos: [])
      defer { Task { await github.stop() } }
      let home = AppHome(label: "json-search")
      defer { home.remove() }
      let run = try await AppRunner.run(
        ["search", "nothing-matches", "--json"],
        environment: ["APP_HOME": home.url.path, "GITHUB_API_URL": github.baseURL.absoluteString])
      #expect(run.status == 0)
      #expect(
        run.stdout == """
          {
            "incompleteResults" : false,
            "items" : [],
            "source" : "network",
            "stale" : false,
            "totalCount" : 0
          }

          """)
      #expect(run.stderr == "")
    }
  #endif

  #if FEATURE_SEARCH && FEATURE_COURSES
    @Test func aRepositoryWithoutTopicsOrRelatedCoursesHasEmptyArrays() async throws {
      let github = try await GitHubFakeServer.start(repos: [GitHubFakeRepo(owner: "octo", name: "bare")])
      defer { Task { await github.stop() } }
      let home = AppHome(label: "json-view")
      defer { home.remove() }
      let run = try await AppRunner.run(
        ["search", "view", "octo/bare", "--json"],
        environment: ["APP_HOME": home.url.path, "GITHUB_API_URL": github.baseURL.absoluteString])
      #expect(run.status == 0)
      #expect(
        run.stdout == """
          {
            "description" : null,
            "forksCount" : 0,
            "fullName" : "octo/bare",
            "isArchived" : false,
            "language" : null,
            "license" : null,
            "openIssuesCount" : 0,
            "owner" : {
              "login" : "octo"
            },
            "relatedCourses" : [],
            "source" : "network",
            "stale" : false,
            "starWaitsForGitHub" : null,
            "stargazersCount" : 0,
            "topics" : [],
            "updatedAt" : "2024-05-01T12:00:00Z",
            "url" : "https://github.com/octo/bare",
            "viewerHasStarred" : null,
            "viewerStarUnknown" : null,
            "visibility" : "public",
            "watchersCount" : 0
          }

          """)
      #expect(run.stderr == "")
    }

    @Test func aCourseWithNoRelatedReposHasAnEmptyArray() async throws {
      let github = try await GitHubFakeServer.start(repos: [])
      defer { Task { await github.stop() } }
      let home = AppHome(label: "json-show")
      defer { home.remove() }
      let run = try await AppRunner.run(
        ["courses", "show", "c01", "--json"],
        environment: [
          "APP_HOME": home.url.path, "GITHUB_API_URL": github.baseURL.absoluteString, "APP_RELATED_TIMEOUT": "60",
        ])
      #expect(run.status == 0, "\(run.stderr)")
      #expect(run.stdout.contains("\n  \"relatedRepositories\" : [],\n"), "\(run.stdout)")
      #expect(!run.stdout.contains("[\n\n") && !run.stdout.contains("{\n\n"), "\(run.stdout)")
    }
  #endif
}
