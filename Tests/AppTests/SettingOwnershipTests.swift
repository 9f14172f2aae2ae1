#if FEATURE_COURSES && FEATURE_SEARCH
  import Foundation
  import Reliability
  import SearchTesting
  import TestScheduling
  import TestSupport
  import Testing

  /// A setting belongs to its feature: a command is stopped only by the app's settings and its own feature's;
  /// another feature's bad setting only takes away that feature's part of a screen, with one note; and commands
  /// that read only local data are never stopped by a setting they do not read.
  @Suite(.untimed) struct SettingOwnershipTests {
    static let badToken = ["GH_TOKEN": "ghp_Secret0123456789 second-word"]
    static let badCoursesURL = ["COURSES_API_URL": "not-a-url"]

    static let tokenProblem =
      "GH_TOKEN holds a token with spaces, line breaks or control characters. Set it to the token alone, or unset it."
    static let coursesURLProblem =
      #"COURSES_API_URL is set to "not-a-url", but it must be an absolute http:// or https:// URL such as "#
      + "https://example.com/api. Fix or unset COURSES_API_URL."
    static let demoNote = "note: showing the bundled demo catalog; set COURSES_API_URL to use a Courses API.\n"

    /// Runs `arguments` in a fresh home with `settings`, after `setUp` ran there with good settings.
    static func run(
      _ arguments: [String], _ settings: [String: String], after setUp: [[String]] = []
    ) async throws -> AppRunner.Result {
      let home = AppHome(label: "setting-ownership")
      defer { home.remove() }
      for step in setUp {
        let prepared = try await AppRunner.run(step, environment: ["APP_HOME": home.url.path])
        #expect(prepared.status == 0, "\(step): \(prepared.stderr)")
      }
      return try await AppRunner.run(arguments, environment: ["APP_HOME": home.url.path].merging(settings) { $1 })
    }

    @Test func aBadTokenDoesNotStopTheCoursesHomeScreen() async throws {
      let result = try await Self.run(["courses"], Self.badToken)
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout.contains("c01"), "\(result.stdout)")
      #expect(result.stderr == Self.demoNote)
    }

    @Test func aBadTokenOnlyTakesTheRelatedReposAwayFromACourseWithOneNote() async throws {
      let text = try await Self.run(["courses", "show", "c01"], Self.badToken)
      #expect(text.status == 0)
      #expect(text.stdout.hasPrefix("Swift Fundamentals\n"), "\(text.stdout)")
      #expect(!text.stdout.contains("Related on GitHub"))
      #expect(text.stderr == Self.demoNote + "note: related GitHub repos are not shown: \(Self.tokenProblem)\n")
      #expect(!text.stderr.contains("ghp_Secret"), "a secret is never echoed")

      let json = try await Self.run(["courses", "show", "c01", "--json"], Self.badToken)
      #expect(json.status == 0)
      #expect(json.stderr == Self.demoNote + "note: related GitHub repos are not shown: \(Self.tokenProblem)\n")
      let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
      #expect(object["relatedRepositories"] is NSNull)
    }

    @Test func aBadCoursesURLOnlyTakesTheRelatedCoursesAwayFromARepoWithOneNote() async throws {
      let github = try await GitHubFakeServer.start()
      defer { Task { await github.stop() } }
      let settings = Self.badCoursesURL.merging(["GITHUB_API_URL": github.baseURL.absoluteString]) { $1 }

      let json = try await Self.run(["search", "view", "owner1/repo-1", "--json"], settings)
      #expect(json.status == 0)
      #expect(json.stderr == "note: related courses are not shown: \(Self.coursesURLProblem)\n")
      let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
      #expect(object["fullName"] as? String == "owner1/repo-1")
      #expect(object["relatedCourses"] is NSNull)

      let text = try await Self.run(["search", "view", "owner1/repo-1"], settings)
      #expect(text.status == 0)
      #expect(text.stdout.hasPrefix("owner1/repo-1\n"), "\(text.stdout)")
      #expect(!text.stdout.contains("Related courses"))
      #expect(text.stderr == "note: related courses are not shown: \(Self.coursesURLProblem)\n")
    }

    @Test(arguments: [["courses", "stocked"], ["cache", "info"], ["cache", "clear"], ["di", "check"]])
    func aBadTokenNeverStopsALocalCommand(arguments: [String]) async throws {
      let result = try await Self.run(arguments, Self.badToken, after: [["courses", "stock", "c03"]])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stderr == "")
    }

    @Test(arguments: [
      ["courses", "stocked"], ["courses", "unstock", "c03"], ["cache", "info"], ["cache", "clear", "courses"],
      ["di", "check"], ["di", "graph"],
    ])
    func aBadCoursesURLNeverStopsALocalCommand(arguments: [String]) async throws {
      let result = try await Self.run(arguments, Self.badCoursesURL, after: [["courses", "stock", "c03"]])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stderr == "")
    }

    @Test func aLocalCommandShowsItsDataWhateverAnotherSettingHolds() async throws {
      let stocked = try await Self.run(
        ["courses", "stocked", "--json"], Self.badCoursesURL.merging(Self.badToken) { $1 },
        after: [["courses", "stock", "c03"]])
      #expect(stocked.status == 0)
      let list = try #require(try JSONSerialization.jsonObject(with: Data(stocked.stdout.utf8)) as? [[String: Any]])
      #expect(list.compactMap { $0["id"] as? String } == ["c03"])

      let check = try await Self.run(["di", "check"], Self.badCoursesURL.merging(Self.badToken) { $1 })
      #expect(check.status == 0)
      #expect(check.stdout.hasPrefix("OK: ") && check.stdout.contains("no problems"), "\(check.stdout)")
    }

    @Test func aCommandIsStillStoppedByItsOwnFeaturesBadSetting() async throws {
      let stock = try await Self.run(["courses", "stock", "c03"], Self.badCoursesURL)
      #expect(stock.status == 64)
      #expect(stock.stdout == "")
      #expect(
        stock.stderr == """
          error: \(Self.coursesURLProblem)
          See `app help settings` for every setting and what it takes.

          """)

      let view = try await Self.run(["search", "view", "owner1/repo-1"], Self.badToken)
      #expect(view.status == 64)
      #expect(view.stdout == "")
      #expect(
        view.stderr == """
          error: \(Self.tokenProblem)
          See `app help settings` for every setting and what it takes.

          """)
    }

    @Test func theAppsOwnBadSettingStillStopsALocalCommand() async throws {
      let result = try await Self.run(["cache", "info"], ["APP_HTTP_TIMEOUT": "soon"])
      #expect(result.status == 64)
      #expect(
        result.stderr == """
          error: APP_HTTP_TIMEOUT is set to "soon", but it must be a number of seconds from 1 to 600. \
          Fix or unset APP_HTTP_TIMEOUT.
          See `app help settings` for every setting and what it takes.

          """)
    }
  }
#endif
