import CoursesInterface
import CoursesInterfaceTesting
import DI
import FeatureKit
import FeatureKitTesting
import Foundation
import Presenter
import Repository
import SearchInterface
import SearchPresenter
import SearchTesting
import TestScheduling
import TestSupport
import Testing
import UseCase

@testable import SearchFeature
@testable import SearchUseCase

/// `app search view` with courses found through Courses' interface, which these tests stand in for with
/// ``CourseFinderDouble``: Search builds and tests without Courses.
@Suite(.untimed) struct SearchRelatedCoursesTests {
  static let fundamentals = FoundCourse(
    id: "c01", title: "Swift Fundamentals", categoryName: "Swift", level: "BEGINNER")
  static let japanese = FoundCourse(
    id: "c04", title: "Swiftではじめるプログラミング", categoryName: "日本語", level: "BEGINNER")

  /// The app's detail use case with `courses` as Courses' finder.
  func detailUseCase(_ harness: SearchHarness, courses: CourseFinderDouble) throws -> RepoDetailUseCase {
    let terminal = Terminal(output: CapturedText().sink, errors: CapturedText().sink)
    return try harness.container(environment: harness.environment(), terminal: terminal)
      .overriding { $0.register((any CourseFinder).self, scope: .singleton) { _ in courses } }
      .resolve(RepoDetailUseCase.self)
  }

  @Test func theReposLanguageAndTopicsAreLookedUpWithTheSamePolicy() async throws {
    let harness = try await SearchHarness.start()
    defer { Task { await harness.stop() } }
    let courses = CourseFinderDouble.returning([Self.fundamentals, Self.japanese])
    let useCase = try detailUseCase(harness, courses: courses)
    // owner1/repo-1: Go, topic1.
    let online = try await useCase.settled(fullName: "owner1/repo-1", policy: .standard)
    #expect(online.content.relatedCourses == .found([Self.fundamentals, Self.japanese].map(RelatedCourse.init)))
    let offline = try await useCase.settled(fullName: "owner1/repo-1", policy: .offline)
    #expect(offline.content.relatedCourses == .found([Self.fundamentals, Self.japanese].map(RelatedCourse.init)))
    #expect(
      courses.queries == [
        CourseLookup(terms: ["Go", "topic1"], limit: 3, policy: .standard),
        CourseLookup(terms: ["Go", "topic1"], limit: 3, policy: .offline),
      ])
  }

  @Test func aRepoWithNoLanguageNorTopicsHasNoRelatedCoursesAndAsksNothing() async throws {
    let bare = GitHubFakeRepo(
      owner: "plain", name: "text", description: nil, language: nil, stars: 3, forks: 0, openIssues: 0,
      subscribers: 1, topics: [], license: nil)
    let harness = try await SearchHarness.start(repos: [bare])
    defer { Task { await harness.stop() } }
    let courses = CourseFinderDouble.unimplemented("CourseFinder")
    let detail = try await detailUseCase(harness, courses: courses).settled(fullName: "plain/text", policy: .standard)
    #expect(detail.content.relatedCourses == .found([]))
    #expect(courses.queries.isEmpty)
  }

  @Test func aFailingCoursesLeavesTheDetailsWholeAndSaysWhy() async throws {
    let harness = try await SearchHarness.start()
    defer { Task { await harness.stop() } }
    let failing = try await detailUseCase(harness, courses: .failing(.failed("the Courses API is down")))
      .settled(fullName: "owner2/repo-2", policy: .standard)
    #expect(failing.content.fullName == "owner2/repo-2")
    #expect(failing.refreshFailure == nil)
    #expect(failing.content.relatedCourses == .unavailable(.failed("the Courses API is down")))
  }

  @Test func theAppBuiltWithoutCoursesPrintsNullAndSaysNothing() async throws {
    let harness = try await SearchHarness.start()
    defer { Task { await harness.stop() } }
    let run = try await harness.run(["search", "view", "owner1/repo-1", "--json"])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    let object = try #require(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    #expect(object.keys.contains("relatedCourses"))
    #expect(object["relatedCourses"] is NSNull)
    #expect(!run.stdout.contains("Related courses"))
  }

  @Test func theDetailsEndWithTheCoursesIdsTitlesCategoriesAndLevels() async throws {
    let harness = try await SearchHarness.start()
    defer { Task { await harness.stop() } }
    var outcome = try await detailUseCase(harness, courses: .returning([Self.fundamentals, Self.japanese]))
      .settled(fullName: "owner1/repo-1", policy: .standard)
    let text = RepoDetailTerminalView.text(outcome)
    #expect(
      text.hasSuffix(
        """

        Related courses (app courses show <id>):
          c01  Swift Fundamentals             Swift, Beginner
          c04  Swiftではじめるプログラミング  日本語, Beginner

        """))
    outcome.content.relatedCourses = .found([])
    #expect(!RepoDetailTerminalView.text(outcome).contains("Related courses"))
  }

  @Test func levelsReadAsInTheCourseTablesAndTheDemoCatalogIsNamed() async throws {
    let harness = try await SearchHarness.start()
    defer { Task { await harness.stop() } }
    let demo = [
      FoundCourse(
        id: "c02", title: "Swift Concurrency", categoryName: "Swift", level: "ADVANCED", fromDemoCatalog: true),
      FoundCourse(id: "c05", title: "Vapor", categoryName: "Server", level: "INTERMEDIATE", fromDemoCatalog: true),
    ]
    let outcome = try await detailUseCase(harness, courses: .returning(demo))
      .settled(fullName: "owner1/repo-1", policy: .standard)
    #expect(
      RepoDetailTerminalView.text(outcome).hasSuffix(
        """

        Related courses from the bundled demo catalog (app courses show <id>):
          c02  Swift Concurrency  Swift, Advanced
          c05  Vapor              Server, Intermediate

        """))
  }

  @Test func jsonAlwaysHasRelatedCoursesAnArrayOrNull() async throws {
    let harness = try await SearchHarness.start()
    defer { Task { await harness.stop() } }
    var outcome = try await detailUseCase(harness, courses: .returning([Self.fundamentals]))
      .settled(fullName: "owner1/repo-1", policy: .standard)
    func related() throws -> Any? {
      let text = try JSONOutput.text(RepoDetailJSON(outcome))
      let object = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
      #expect(object.keys.contains("relatedCourses"))
      return object["relatedCourses"] ?? nil
    }
    let found = try #require(try related() as? [[String: Any]])
    #expect(found.count == 1)
    #expect(Set(found[0].keys) == ["id", "title", "categoryName", "level"])
    #expect(found[0]["id"] as? String == "c01")
    #expect(found[0]["level"] as? String == "BEGINNER")
    outcome.content.relatedCourses = .found([])
    #expect((try related() as? [Any])?.isEmpty == true)
    outcome.content.relatedCourses = .unavailable(.timedOut(.milliseconds(1500)))
    #expect(try related() is NSNull)
  }
}

extension SearchRelatedCoursesTests {
  /// `search view` on a terminal: the details come as soon as GitHub answers, a spinner turns under them while
  /// Courses is asked, and the related section is added once Courses answers.
  @Test func onATerminalTheDetailsComeAtOnceAndTheirRelatedCoursesWhenCoursesAnswers() async throws {
    let harness = try await SearchHarness.start()
    defer { Task { await harness.stop() } }
    let hold = RequestHold()
    let courses = CourseFinderDouble { _ in
      await hold.wait()
      return [Self.fundamentals]
    }
    let (output, errors) = (CapturedText(), CapturedText())
    let terminal = Terminal(
      output: output.sink, errors: errors.sink, isInteractive: true, errorsAreInteractive: true, columns: 80)
    let makeViewModel = try harness.container(environment: harness.environment(), terminal: terminal)
      .overriding { $0.register((any CourseFinder).self, scope: .singleton) { _ in courses } }
      .resolve(DI.Factory<any StateView<RepoDetailViewState>, RepoDetailViewModel>.self)
    let view = RepoDetailTerminalView(terminal: terminal, asJSON: false)

    let shown = Task { await makeViewModel.make(view).read(fullName: "owner1/repo-1") }
    #expect(await hold.arrivals(atLeast: 1), "Courses was asked")
    // Courses is held: what is on screen now was printed without its answer.
    await errors.written("Looking up related courses…")
    #expect(output.value.hasPrefix("owner1/repo-1\n"), "\(output.value)")
    #expect(output.value.contains("Updated:"))
    #expect(!output.value.contains("Related courses"))
    let details = output.value

    await hold.release()
    let state = await shown.value
    #expect(state.overview?.relatedCourses == .found([RelatedCourse(Self.fundamentals)]))
    #expect(output.value.hasPrefix(details), "the details are printed once")
    // The star is read beside the courses: its line comes under the details when GitHub answers, once.
    let rest = output.value.dropFirst(details.count).replacingOccurrences(of: "Starred:      no\n", with: "")
    #expect(rest.hasPrefix("\nRelated courses (app courses show <id>):\n  c01"), "\(output.value)")
    #expect(output.value.components(separatedBy: "Starred:").count == 2, "\(output.value)")
    #expect(errors.value.hasSuffix("\r\u{1B}[2K"), "the spinner's line is erased")
  }
}

/// What Search offers other features: ``RepoFinder`` over `app search`'s own use case, against a loopback GitHub.
@Suite(.untimed) struct RepoFinderTests {
  func finder(_ harness: SearchHarness, token: Bool = true) throws -> any RepoFinder {
    let terminal = Terminal(output: CapturedText().sink, errors: CapturedText().sink)
    return try harness.container(environment: harness.environment(token: token), terminal: terminal)
      .resolve((any RepoFinder).self)
  }

  @Test func itSearchesGitHubForTheTextAndAnswersAtMostTheLimit() async throws {
    let harness = try await SearchHarness.start()
    defer { Task { await harness.stop() } }
    let repos = try await finder(harness).repos(matching: "Swift  Fundamentals", limit: 3, policy: .standard)
    #expect(repos.map(\.fullName) == ["owner1/repo-1", "owner2/repo-2", "owner3/repo-3"])
    #expect(
      repos.first
        == FoundRepo(
          fullName: "owner1/repo-1", description: "Generated repository number 1", stargazersCount: 99_999,
          url: "https://github.com/owner1/repo-1"))
    let request = try #require(harness.github.searchRequests.first)
    #expect(request.query("q") == "Swift Fundamentals")
    #expect(request.query("per_page") == "3")
    #expect(request.header("authorization") == "Bearer \(SearchHarness.token)", "the token rules of app search")
  }

  @Test func offlineItReadsOnlyTheCache() async throws {
    let harness = try await SearchHarness.start()
    defer { Task { await harness.stop() } }
    let finder = try finder(harness)
    await #expect(throws: RelatedLookupFailure.notCached) {
      try await finder.repos(matching: "swift", limit: 3, policy: .offline)
    }
    #expect(harness.github.searchRequests.isEmpty)
    let online = try await finder.repos(matching: "swift", limit: 3, policy: .standard)
    #expect(try await finder.repos(matching: "swift", limit: 3, policy: .offline) == online)
    #expect(harness.github.searchRequests.count == 1)
  }

  @Test func gitHubsFailureIsOneLineWithTheReason() async throws {
    let harness = try await SearchHarness.start()
    defer { Task { await harness.stop() } }
    harness.github.loopback.route("GET", "/search/repositories", response: .init(status: 503, body: Data()))
    await #expect(throws: RelatedLookupFailure.failed("GitHub answered with status 503")) {
      try await finder(harness).repos(matching: "swift", limit: 3, policy: .standard)
    }
  }

  @Test func blankTextAsksNothing() async throws {
    let harness = try await SearchHarness.start()
    defer { Task { await harness.stop() } }
    #expect(try await finder(harness).repos(matching: " \n ", limit: 3, policy: .standard) == [])
    #expect(harness.github.requests.isEmpty)
  }
}

extension RepoDetailUseCase {
  /// The settled details of one read, for tests that look only at the end of it.
  func settled(fullName: String, policy: CachePolicy) async throws -> Outcome<RepoDetail, SearchFailure> {
    try #require(try await read(fullName: fullName, policy: policy).settled())
  }
}
