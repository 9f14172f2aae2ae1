import CoursesInterface
import CoursesPresenter
import DI
import FeatureKit
import FeatureKitTesting
import Foundation
import Presenter
import Repository
import SearchInterface
import SearchInterfaceTesting
import TestScheduling
import Testing
import UseCase

@testable import CoursesFeature
@testable import CoursesUseCase

/// `app courses show` with GitHub repos found through Search's interface, which these tests stand in for with
/// ``RepoFinderDouble``: Courses builds and tests without Search.
@Suite(.untimed) struct CoursesRelatedReposTests {
  static let swift = FoundRepo(
    fullName: "apple/swift", description: "The Swift Programming Language", stargazersCount: 67_000,
    url: "https://github.com/apple/swift")
  static let book = FoundRepo(
    fullName: "example/swift-book", description: nil, stargazersCount: 1, url: "https://github.com/example/swift-book")

  /// The detail use case of the app's real graph (the bundled demo catalog), with `repos` as Search's finder.
  func detail(
    _ harness: CoursesHarness, repos: RepoFinderDouble?, deadline: Duration = .seconds(60)
  ) throws -> CourseDetailUseCase {
    let container = try harness.container()
    return CourseDetailUseCase(data: try container.resolve(), repos: repos, relatedDeadline: deadline)
  }

  @Test func theCoursesTitleIsLookedUpWithTheSamePolicyAndUpToThreeRepos() async throws {
    let harness = try CoursesHarness(origin: nil)
    defer { harness.remove() }
    let repos = RepoFinderDouble.returning([Self.swift, Self.book])
    let online = try await detail(harness, repos: repos).settled(id: "c01", policy: .standard)
    #expect(online.course.course.title == "Swift Fundamentals")
    #expect(online.relatedRepos == .found([Self.swift, Self.book].map(RelatedRepo.init)))
    let offline = try await detail(harness, repos: repos).settled(id: "c01", policy: .offline)
    #expect(offline.relatedRepos == .found([Self.swift, Self.book].map(RelatedRepo.init)))
    #expect(
      repos.queries == [
        RepoLookup(text: "Swift Fundamentals", limit: 3, policy: .standard),
        RepoLookup(text: "Swift Fundamentals", limit: 3, policy: .offline),
      ])
  }

  @Test func withoutSearchTheDetailIsWholeAndTheReposAbsent() async throws {
    let harness = try CoursesHarness(origin: nil)
    defer { harness.remove() }
    let detail = try await detail(harness, repos: nil).settled(id: "c02", policy: .standard)
    #expect(detail.course.course.id == "c02")
    #expect(detail.relatedRepos == .unavailable(.absent))
  }

  @Test func aFailingOrSilentSearchLeavesTheDetailWholeAndSaysWhy() async throws {
    let harness = try CoursesHarness(origin: nil)
    defer { harness.remove() }
    let failing = try await detail(harness, repos: .failing(.failed("GitHub answered with status 503")))
      .settled(id: "c03", policy: .standard)
    #expect(failing.course.course.id == "c03")
    #expect(failing.relatedRepos == .unavailable(.failed("GitHub answered with status 503")))
    let silent = try await detail(harness, repos: .unanswered, deadline: .milliseconds(100))
      .settled(id: "c03", policy: .standard)
    #expect(silent.course == failing.course)
    #expect(silent.relatedRepos == .unavailable(.timedOut(.milliseconds(100))))
  }

  @Test func anUnknownCourseIsNotFoundAndNoRepoIsLookedUp() async throws {
    let harness = try CoursesHarness(origin: nil)
    defer { harness.remove() }
    let repos = RepoFinderDouble.unimplemented("RepoFinder")
    await #expect(throws: CoursesFailure.courseNotFound("c404")) {
      try await detail(harness, repos: repos).settled(id: "c404", policy: .standard)
    }
    #expect(repos.queries.isEmpty)
  }

  @Test func theAppBuiltWithoutSearchPrintsNullAndSaysNothing() async throws {
    let harness = try CoursesHarness(origin: nil)
    defer { harness.remove() }
    _ = await harness.run(["courses"])
    let run = await harness.run(["courses", "show", "c01", "--json"])
    #expect(run.status == 0)
    #expect(run.errors == "")
    let object = try #require(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    #expect(object.keys.contains("relatedRepositories"))
    #expect(object["relatedRepositories"] is NSNull)
  }

  // MARK: What the detail screen shows

  func render(_ related: Related<RelatedRepo>, json: Bool) async throws -> (output: String, errors: String) {
    let harness = try CoursesHarness(origin: nil)
    defer { harness.remove() }
    var detail = try await self.detail(harness, repos: nil).settled(id: "c01", policy: .standard)
    detail.relatedRepos = related
    let output = CapturedText()
    let errors = CapturedText()
    await CourseDetailTerminalView(terminal: Terminal(output: output.sink, errors: errors.sink), json: json)
      .render(.content(detail, stale: nil))
    return (output.value, errors.value)
  }

  @Test func theDetailEndsWithTheReposNamesStarsAndDescriptions() async throws {
    let (output, errors) = try await render(.found([Self.swift, Self.book].map(RelatedRepo.init)), json: false)
    #expect(
      output.hasSuffix(
        """
          Summary:     Values, optionals, collections and control flow.

        Related on GitHub:
          apple/swift         67000 stars  The Swift Programming Language
          example/swift-book  1 star

        """))
    #expect(errors == "")
  }

  @Test func noReposFoundShowsNoSectionAndSaysNothing() async throws {
    let (output, errors) = try await render(.found([]), json: false)
    #expect(!output.contains("Related on GitHub"))
    #expect(output.hasSuffix("Summary:     Values, optionals, collections and control flow.\n"))
    #expect(errors == "")
  }

  @Test func unavailableReposAreOneLineOnStandardErrorOnlyWhenThereIsAReason() async throws {
    let failed = try await render(.unavailable(.failed("GitHub's rate limit was reached")), json: false)
    #expect(!failed.output.contains("Related on GitHub"))
    #expect(failed.errors == "note: related GitHub repos are not shown: GitHub's rate limit was reached.\n")
    let late = try await render(.unavailable(.timedOut(.milliseconds(1500))), json: true)
    #expect(late.errors == "note: related GitHub repos are not shown: no answer within 1.5 s.\n")
    #expect(try await render(.unavailable(.notCached), json: false).errors == "")
    #expect(try await render(.unavailable(.absent), json: false).errors == "")
  }

  @Test func jsonAlwaysHasRelatedRepositoriesAnArrayOrNull() async throws {
    func related(_ state: Related<RelatedRepo>) async throws -> Any? {
      let (output, _) = try await render(state, json: true)
      let object = try #require(JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
      #expect(object.keys.contains("relatedRepositories"))
      return object["relatedRepositories"] ?? nil
    }
    let found = try #require(
      try await related(.found([Self.swift, Self.book].map(RelatedRepo.init))) as? [[String: Any]])
    #expect(found.count == 2)
    #expect(Set(found[0].keys) == ["fullName", "description", "stargazersCount", "url"])
    #expect(found[0]["fullName"] as? String == "apple/swift")
    #expect(found[0]["stargazersCount"] as? Int == 67_000)
    #expect(found[0]["url"] as? String == "https://github.com/apple/swift")
    #expect(found[1]["description"] is NSNull)
    #expect((try await related(.found([])) as? [Any])?.isEmpty == true)
    #expect(try await related(.unavailable(.failed("x"))) is NSNull)
    #expect(try await related(.unavailable(.notCached)) is NSNull)
  }
}
