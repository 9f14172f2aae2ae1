#if FEATURE_COURSES && FEATURE_SEARCH
  import Foundation
  import Reliability
  import SearchTesting
  import TestScheduling
  import TestSupport
  import Testing

  /// The two features cooperating in the built app, each through the other's interface, against loopback origins:
  /// `courses show` with related GitHub repos, `search view` with related courses.
  ///
  /// Where a test needs the related items to arrive, it gives them a minute (`APP_RELATED_TIMEOUT`), so a busy
  /// machine cannot turn an answer into "no answer in time"; the tests of a silent origin keep the default 1.5 s.
  @Suite(.untimed) struct FeatureCollaborationTests {
    static let patient = ["APP_RELATED_TIMEOUT": "60"]

    static let demoNote = "note: showing the bundled demo catalog; set COURSES_API_URL to use a Courses API.\n"

    static func json(_ run: AppRunner.Result) throws -> [String: Any] {
      let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
      return try #require(object as? [String: Any], "not a JSON object: \(run.stdout) \(run.stderr)")
    }

    static func names(_ value: Any?) -> [String]? {
      (value as? [[String: Any]])?.compactMap { $0["fullName"] as? String }
    }

    @Test func aCourseShowsTheReposGitHubFindsForItsTitleOnlineAndOffline() async throws {
      let github = try await GitHubFakeServer.start()
      defer { Task { await github.stop() } }
      let home = AppHome(label: "related-repos")
      defer { home.remove() }
      let environment = ["APP_HOME": home.url.path, "GITHUB_API_URL": github.baseURL.absoluteString]
        .merging(Self.patient) { $1 }

      let online = try await AppRunner.run(["courses", "show", "c01", "--json"], environment: environment)
      #expect(online.status == 0)
      #expect(online.stderr == Self.demoNote)
      let json = try Self.json(online)
      #expect(Self.names(json["relatedRepositories"]) == ["owner1/repo-1", "owner2/repo-2", "owner3/repo-3"])
      let first = try #require((json["relatedRepositories"] as? [[String: Any]])?.first)
      #expect(first["stargazersCount"] as? Int == 99_999)
      #expect(first["url"] as? String == "https://github.com/owner1/repo-1")
      #expect(first["description"] as? String == "Generated repository number 1")
      let search = try #require(github.searchRequests.first)
      #expect(search.query("q") == "Swift Fundamentals")
      #expect(search.query("per_page") == "3")

      let piped = try await AppRunner.run(["courses", "show", "c01"], environment: environment)
      #expect(piped.status == 0 && piped.stderr == "")
      #expect(
        piped.stdout.hasSuffix(
          """

          Related on GitHub:
            owner1/repo-1  99999 stars  Generated repository number 1
            owner2/repo-2  99998 stars  Generated repository number 2
            owner3/repo-3  99997 stars  Generated repository number 3

          """), "\(piped.stdout)")

      let requests = github.searchRequests.count
      let offline = try await AppRunner.run(
        ["courses", "show", "c01", "--offline", "--json"], environment: environment)
      #expect(offline.status == 0 && offline.stderr == "")
      #expect(Self.names(try Self.json(offline)["relatedRepositories"]) == Self.names(json["relatedRepositories"]))
      #expect(github.searchRequests.count == requests, "--offline never asks GitHub")
    }

    @Test func offlineWithNothingCachedTheReposAreNullAndNothingIsSaid() async throws {
      let home = AppHome(label: "related-offline")
      defer { home.remove() }
      let environment = ["APP_HOME": home.url.path, "GITHUB_API_URL": "http://127.0.0.1:9"]
      // The course is cached by the home screen; GitHub is never asked.
      _ = try await AppRunner.run(["courses"], environment: environment)
      let run = try await AppRunner.run(["courses", "show", "c02", "--offline", "--json"], environment: environment)
      #expect(run.status == 0)
      #expect(run.stderr == "")
      #expect(try Self.json(run)["relatedRepositories"] is NSNull)
    }

    @Test func aFailingGitHubNeverFailsTheCourseAndOneLineSaysWhy() async throws {
      let github = try await GitHubFakeServer.start()
      defer { Task { await github.stop() } }
      github.loopback.route("GET", "/search/repositories", response: LoopbackResponse(status: 503))
      let home = AppHome(label: "related-503")
      defer { home.remove() }
      let environment = ["APP_HOME": home.url.path, "GITHUB_API_URL": github.baseURL.absoluteString]
        .merging(Self.patient) { $1 }
      _ = try await AppRunner.run(["courses"], environment: environment)

      let json = try await AppRunner.run(["courses", "show", "c03", "--json"], environment: environment)
      #expect(json.status == 0)
      #expect(json.stderr == "note: related GitHub repos are not shown: GitHub answered with status 503.\n")
      let object = try Self.json(json)
      #expect(try #require(object["course"] as? [String: Any])["id"] as? String == "c03")
      #expect(object["relatedRepositories"] is NSNull)

      let text = try await AppRunner.run(["courses", "show", "c03"], environment: environment)
      #expect(text.status == 0)
      #expect(text.stdout.hasPrefix("Generics and Protocols\n"))
      #expect(!text.stdout.contains("Related on GitHub"))
      #expect(text.stderr == "note: related GitHub repos are not shown: GitHub answered with status 503.\n")
    }

    @Test func aGitHubThatDoesNotAnswerDoesNotHoldTheCourseUp() async throws {
      let silent = try await SilentGitHub.start(label: "related-silent")
      let run = try await AppRunner.run(["courses", "show", "c01", "--json"], environment: silent.environment)
      // Every search that arrived is still held: the app ended without GitHub's answer, whether its search had
      // reached GitHub by then or was still on its way (a busy machine can take longer than the 1.5 s to send it).
      #expect(await silent.heldSearches <= 1)
      await silent.stop()
      #expect(run.status == 0)
      #expect(run.stderr == Self.demoNote + "note: related GitHub repos are not shown: no answer within 1.5 s.\n")
      #expect(try Self.json(run)["relatedRepositories"] is NSNull)
    }

    @Test func aRepoShowsCoursesMatchingItsLanguageOrTopicsOnlineAndOffline() async throws {
      let repo = GitHubFakeRepo.sampleCode
      let github = try await GitHubFakeServer.start(repos: [repo])
      defer { Task { await github.stop() } }
      let home = AppHome(label: "related-courses")
      defer { home.remove() }
      let environment = ["APP_HOME": home.url.path, "GITHUB_API_URL": github.baseURL.absoluteString]
        .merging(Self.patient) { $1 }

      let online = try await AppRunner.run(["search", "view", "apple/sample-code", "--json"], environment: environment)
      #expect(online.status == 0)
      #expect(online.stderr == "", "a Search screen says nothing of Courses' demo catalog on standard error")
      let courses = try #require(try Self.json(online)["relatedCourses"] as? [[String: Any]])
      #expect(courses.count == 3)
      for course in courses {
        #expect(Set(course.keys) == ["id", "title", "categoryName", "level"])
        let words = "\(course["title"] ?? "") \(course["categoryName"] ?? "")".lowercased()
        #expect(["swift", "swiftui", "ios"].contains { words.contains($0) }, "\(course)")
      }

      let piped = try await AppRunner.run(["search", "view", "apple/sample-code"], environment: environment)
      #expect(piped.status == 0 && piped.stderr == "")
      #expect(piped.stdout.contains("\nRelated courses from the bundled demo catalog (app courses show <id>):\n"))
      for course in courses {
        let id = course["id"] as? String ?? "?"
        let line = try #require(piped.stdout.split(separator: "\n").first { $0.hasPrefix("  \(id)  ") })
        #expect(["Beginner", "Intermediate", "Advanced"].contains { line.hasSuffix(", \($0)") }, "\(line)")
      }

      let offline = try await AppRunner.run(
        ["search", "view", "apple/sample-code", "--offline", "--json"], environment: environment)
      #expect(offline.status == 0 && offline.stderr == "")
      let cached = try #require(try Self.json(offline)["relatedCourses"] as? [[String: Any]])
      #expect(cached.compactMap { $0["id"] as? String } == courses.compactMap { $0["id"] as? String })

      // Courses' own screen, when it next asks the demo catalog, still says so.
      let coursesScreen = try await AppRunner.run(["courses", "--refresh"], environment: environment)
      #expect(coursesScreen.status == 0)
      #expect(coursesScreen.stderr == Self.demoNote)
    }

    @Test func anUnreachableCoursesAPINeverFailsTheRepoAndOneLineSaysWhy() async throws {
      let github = try await GitHubFakeServer.start()
      defer { Task { await github.stop() } }
      let home = AppHome(label: "related-courses-down")
      defer { home.remove() }
      let environment = [
        "APP_HOME": home.url.path, "GITHUB_API_URL": github.baseURL.absoluteString,
        "COURSES_API_URL": "http://127.0.0.1:9/graphql", "APP_RELATED_TIMEOUT": "60",
      ]
      let run = try await AppRunner.run(["search", "view", "owner1/repo-1", "--json"], environment: environment)
      #expect(run.status == 0)
      #expect(run.stderr.hasPrefix("note: related courses are not shown: the Courses data could not be read: "))
      #expect(run.stderr.filter { $0 == "\n" }.count == 1, "one line: \(run.stderr)")
      let object = try Self.json(run)
      #expect(object["fullName"] as? String == "owner1/repo-1")
      #expect(object["relatedCourses"] is NSNull)
    }

    @Test(arguments: [(60, 40), (80, 24), (120, 50)])
    func onATerminalTheReposAreOneSectionAfterTheDetail(width: Int, height: Int) async throws {
      let github = try await GitHubFakeServer.start()
      defer { Task { await github.stop() } }
      let home = AppHome(label: "related-terminal")
      defer { home.remove() }
      let session = try await TerminalSession.start(
        RealTerminalTests.quoted(AppRunner.executable.path) + " courses show c01", width: width, height: height,
        environment: ["APP_HOME": home.url.path, "GITHUB_API_URL": github.baseURL.absoluteString]
          .merging(Self.patient) { $1 })
      defer { Task { await session.stop() } }
      let (status, lines) = try await session.waitForExit()
      #expect(status == 0, "\(lines.suffix(5))")
      #expect(lines.filter { $0 == "Related on GitHub:" }.count == 1, "\(lines)")
      #expect(lines.contains { $0.hasPrefix("  owner1/repo-1  99999 stars") }, "\(lines)")
      #expect(!lines.joined().contains { RealTerminalTests.spinnerGlyphs.contains($0) })
    }
  }
#endif
