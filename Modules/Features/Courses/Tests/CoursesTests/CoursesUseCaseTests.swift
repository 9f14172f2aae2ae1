import CoursesRepository
import CoursesTesting
import CoursesUseCase
import DI
import Foundation
import Infrastructure
import InfrastructureTesting
import Repository
import TestScheduling
import TestSupport
import Testing
import UseCase

@Suite(.untimed) struct CoursesUseCaseTests {
  @Test func rankingsKeepTheirOrderAndDropUnknownCourses() async throws {
    let harness = try CoursesHarness(origin: nil)
    defer { harness.remove() }
    let main = try await harness.container().resolve(GetMainUseCase.self)
      .settled(recentLimit: 5, recommendedLimit: 10)
    #expect(main.rankings.map(\.labelId) == ["popular", "japanese", "swift-top", "server-new"])
    let swiftTop = try #require(main.rankings.first { $0.labelId == "swift-top" })
    #expect(swiftTop.courses.map(\.course.id) == ["c02", "c42", "c03", "c05", "c41", "c06"], "c99 is unknown")
  }

  @Test func dtosCarryCategoryNameProgressAndStockedFlag() async throws {
    let harness = try CoursesHarness(origin: nil)
    defer { harness.remove() }
    let container = try harness.container()
    _ = try await container.resolve(StockCourseUseCase.self).stock(id: "c42")
    let main = try await container.resolve(GetMainUseCase.self).settled(recentLimit: 5, recommendedLimit: 10)
    let first = try #require(main.recentCourses.first)
    #expect(first.course.id == "c42")
    #expect(first.categoryName == "Swift")
    #expect(first.progress == 0.35)
    #expect(first.stocked)
    let neverStarted = try #require(main.recommendedCourses.first { $0.course.id == "c09" })
    #expect(neverStarted.progress == 0)
    #expect(!neverStarted.stocked)
  }

  @Test func theHomeScreenTakesTwoRoundTripsWithEverythingIndependentSentTogether() async throws {
    let origin = try await CoursesOrigin.start()
    defer { Task { await origin.stop() } }
    // Nothing is answered until the four independent requests are all in, then the two that need their answers.
    origin.holdAnswers(inBatchesOf: [4, 2])
    let harness = try CoursesHarness(origin: origin)
    defer { harness.remove() }

    let main = try await harness.container().resolve(GetMainUseCase.self)
      .settled(recentLimit: 5, recommendedLimit: 10)

    #expect(origin.batchesFilled, "each round trip's requests were all in flight at once")
    #expect(origin.roundTrips == 2)
    #expect(origin.requestCount == 6)
    #expect(Set(origin.operations.prefix(4)) == ["Categories", "RecentCourses", "RecommendedCourses", "Rankings"])
    #expect(Set(origin.operations.suffix(2)) == ["Courses", "UserCourses"])
    #expect(main.provenance.source == .network)
  }

  @Test func anOfflineReadFindsWhatAStandardOneCachedAndNothingElse() async throws {
    let harness = try CoursesHarness(origin: nil)
    defer { harness.remove() }
    let container = try harness.container()
    let useCase = try container.resolve(GetMainUseCase.self)
    await #expect(throws: CoursesFailure.notCached) {
      try await useCase.settled(recentLimit: 5, recommendedLimit: 10, policy: .offline)
    }

    let remote = try await container.resolve(GetMainUseCase.self).settled(recentLimit: 5, recommendedLimit: 10)
    let cached = try await useCase.settled(recentLimit: 5, recommendedLimit: 10, policy: .offline)
    #expect(cached.provenance.source == .cache)
    #expect(cached.recentCourses == remote.recentCourses)
    #expect(cached.rankings == remote.rankings)
  }

  @Test func freshCacheIsServedWithoutTheNetworkUntilItsTimeToLivePasses() async throws {
    let origin = try await CoursesOrigin.start()
    defer { Task { await origin.stop() } }
    let clock = ManualClock()
    let harness = try CoursesHarness(origin: origin)
    defer { harness.remove() }
    let useCase = try harness.container(clock: clock).resolve(GetMainUseCase.self)

    _ = try await useCase.settled(recentLimit: 5, recommendedLimit: 10)
    #expect(origin.requestCount == 6)
    clock.advance(by: 14 * 60)
    let fresh = try await useCase.settled(recentLimit: 5, recommendedLimit: 10)
    #expect(origin.requestCount == 6)
    #expect(fresh.provenance.source == .cache)
    clock.advance(by: 2 * 60)
    let refetched = try await useCase.settled(recentLimit: 5, recommendedLimit: 10)
    #expect(origin.requestCount == 12)
    #expect(refetched.provenance.source == .network)
    _ = try await useCase.settled(recentLimit: 5, recommendedLimit: 10, policy: .refresh)
    #expect(origin.requestCount == 18, "refresh ignores the time to live")
  }

  @Test func aFailingFirstRoundKeepsTheCachedScreenWithoutAskingTheOriginForTheSecond() async throws {
    let origin = try await CoursesOrigin.start()
    defer { Task { await origin.stop() } }
    let harness = try CoursesHarness(origin: origin)
    defer { harness.remove() }
    let useCase = try harness.container().resolve(GetMainUseCase.self)
    let fetched = try await useCase.settled(recentLimit: 5, recommendedLimit: 10)
    #expect(origin.requestCount == 6)
    origin.setFault(.status(503, body: "down"))

    var states: [ReadState<MainDto, CoursesFailure>] = []
    for await state in useCase.read(recentLimit: 5, recommendedLimit: 10, policy: .refresh) { states.append(state) }

    #expect(origin.requestCount == 10, "the first round's four requests, and nothing for the second")
    #expect(states.count == 2)
    #expect(states.first?.outcome?.content == fetched.content, "the cached screen while the origin is asked")
    guard case .done(let kept)? = states.last else {
      Issue.record("expected the cached screen kept, got \(String(describing: states.last))")
      return
    }
    #expect(kept.content == fetched.content)
    #expect(kept.provenance.source == DataSource.cache && kept.provenance.isStale)
    guard case .originFailed? = kept.refreshFailure else {
      Issue.record("expected the origin's failure, got \(String(describing: kept.refreshFailure))")
      return
    }
  }

  @Test func detailOfAnUnknownCourseIsCourseNotFound() async throws {
    let harness = try CoursesHarness(origin: nil)
    defer { harness.remove() }
    let useCase = try harness.container().resolve(CourseDetailUseCase.self)
    await #expect(throws: CoursesFailure.courseNotFound("c404")) { try await useCase.settled(id: "c404") }
    let detail = try await useCase.settled(id: "c16")
    #expect(detail.course.course.title == "サーバーサイドSwift実践")
    #expect(detail.course.progress == 0.82)
    #expect(detail.lastViewedAt == CourseTime("2026-11-15T07:45:00Z"))
    #expect(detail.lastViewedAt == .date(Date(timeIntervalSince1970: 1_794_728_700)), "the use case reads the time")
  }

  /// On a clock that does not move, a second stock of the same course is still not new, and keeps the first's time.
  @Test func stockingTwiceAtTheSameInstantIsNotNewTheSecondTime() async throws {
    let harness = try CoursesHarness(origin: nil)
    defer { harness.remove() }
    let clock = ManualClock(Date(timeIntervalSince1970: 1_795_000_000))
    let container = try harness.container(clock: clock)
    let stock = try container.resolve(StockCourseUseCase.self)
    let first = try await stock.stock(id: "c01").content
    #expect(Self.isStocked(first, at: clock.now(), newly: true), "\(first)")
    let second = try await stock.stock(id: "c01").content
    #expect(Self.isStocked(second, at: clock.now(), newly: false), "\(second)")
    let list = try await container.resolve(StockCourseUseCase.self).stocked()
    #expect(list.content.map(\.stockedAt) == [clock.now()])
  }

  @Test func stockingIsIdempotentAndUnstockingSaysWhetherItChangedAnything() async throws {
    let harness = try CoursesHarness(origin: nil)
    defer { harness.remove() }
    let container = try harness.container()
    let stock = try container.resolve(StockCourseUseCase.self)
    let first = try await stock.stock(id: "c01").content
    #expect(Self.isStocked(first, newly: true), "\(first)")
    let second = try await stock.stock(id: "c01").content
    #expect(Self.isStocked(second, newly: false), "\(second)")
    await #expect(throws: CoursesFailure.courseNotFound("zz")) { try await stock.stock(id: "zz") }
    let list = try await container.resolve(StockCourseUseCase.self).stocked()
    #expect(list.content.map(\.id) == ["c01"])
    #expect(list.content.first?.title == "Swift Fundamentals")
    #expect(list.provenance.source == .local && !list.provenance.isStale)
    let unstocked = try await stock.unstock(id: "c01")
    #expect(unstocked.content == .unstocked(id: "c01", title: "Swift Fundamentals"))
    #expect(unstocked.provenance.source == .local && unstocked.refreshFailure == nil)
    #expect(try await stock.unstock(id: "c01").content == .unstocked(id: "c01", title: nil))
  }

  @Test func aToggleDecidesFromTheStoreAndTheCachedCatalogAlone() async throws {
    let origin = try await CoursesOrigin.start()
    defer { Task { await origin.stop() } }
    let harness = try CoursesHarness(origin: origin)
    defer { harness.remove() }
    let container = try harness.container()
    let stock = try container.resolve(StockCourseUseCase.self)

    // Nothing cached: a stock cannot be checked, says so, and asks nothing.
    await #expect(throws: CoursesFailure.courseNotCached("c01")) { try await stock.toggle(id: "c01") }
    #expect(origin.requestCount == 0)
    #expect(try await harness.databaseState().stocked == [])

    // Once the catalog is cached, with the origin failing: toggles stock and unstock in turn, asking nothing.
    _ = try await stock.stock(id: "c01")
    origin.setFault(.status(503, body: ""))
    let sent = origin.requestCount
    #expect(try await stock.toggle(id: "c01") == .unstocked(id: "c01", title: "Swift Fundamentals"))
    guard case .stocked(let course, _, newly: true) = try await stock.toggle(id: "c01") else {
      Issue.record("the second toggle did not stock the course")
      return
    }
    #expect(course.id == "c01" && course.title == "Swift Fundamentals")
    #expect(try await harness.databaseState().stocked == ["c01"])
    // An unknown course is not in any cached list; the one stocked stays.
    await #expect(throws: CoursesFailure.courseNotCached("zz")) { try await stock.toggle(id: "zz") }
    #expect(origin.requestCount == sent, "a toggle never asks the origin")

    // A stocked course no cached list holds any more still unstocks.
    try await container.resolve(Store<CourseListKey, [CourseResponse]>.self).clear(.ids(["c01"]))
    #expect(try await stock.toggle(id: "c01") == .unstocked(id: "c01", title: "Swift Fundamentals"))
    #expect(try await harness.databaseState().stocked == [])
  }
}

extension CoursesUseCaseTests {
  @Test func stockingAnswersWhereTheCourseWasCheckedAndWhyTheCacheAnsweredForAFailingOrigin() async throws {
    let origin = try await CoursesOrigin.start()
    defer { Task { await origin.stop() } }
    let harness = try CoursesHarness(origin: origin)
    defer { harness.remove() }
    let clock = ManualClock(Date(timeIntervalSince1970: 1_795_000_000))
    let stock = try harness.container(clock: clock).resolve(StockCourseUseCase.self)

    let fetched = try await stock.stock(id: "c01")
    #expect(fetched.provenance.source == DataSource.network && fetched.refreshFailure == nil)
    guard case .stocked(let course, let stockedAt, newly: true) = fetched.content else {
      Issue.record("the first stock did not stock the course: \(fetched.content)")
      return
    }
    #expect(fetched.answeredAt == clock.now() && course.id == "c01" && stockedAt == clock.now())

    // A week later the cached list is past its time to live, so the origin is asked, and fails.
    origin.setFault(.status(500, body: "down"))
    clock.advance(by: 7 * 86_400)
    let kept = try await stock.stock(id: "c01")
    #expect(kept.provenance.source == DataSource.cache && kept.provenance.isStale)
    #expect(kept.provenance.fetchedAt == fetched.answeredAt && kept.answeredAt == clock.now())
    #expect(kept.age == 7 * 86_400)
    guard case .originFailed = kept.refreshFailure else {
      Issue.record("the origin's failure is why the cache answered: \(String(describing: kept.refreshFailure))")
      return
    }
    // Stocked before: nothing changed, and it keeps when it was stocked.
    #expect(Self.isStocked(kept.content, at: stockedAt, newly: false), "\(kept.content)")
  }

  /// Whether `change` says the course is stocked, as of `at` when given, and newly or not.
  static func isStocked(_ change: StockChange, at: Date? = nil, newly: Bool) -> Bool {
    guard case .stocked(_, let stockedAt, let wasNew) = change else { return false }
    return (at == nil || stockedAt == at) && wasNew == newly
  }
}

@Suite(.untimed) struct CoursesErrorTests {
  @Test func theDataLayersErrorsBecomeTheFeaturesFailures() {
    #expect(CoursesFailure(StoreError.notCached(key: "courses.recent")) == .notCached)
    #expect(CoursesFailure(StoreError.notCached(key: "courses.recent"), courseID: "c07") == .courseNotCached("c07"))
    #expect(
      CoursesFailure(HTTPError.timedOut(host: "example.com"))
        == .originUnreachable("\(HTTPError.timedOut(host: "example.com"))"))
    #expect(CoursesFailure(CoursesFailure.courseNotFound("c99"), courseID: "c07") == .courseNotFound("c99"))
    #expect(CoursesFailure(CancellationError()) == .other("\(CancellationError())"))
  }

  @Test func onlyAnUnknownOrUncachedCourseConcernsTheCourse() {
    #expect(CoursesFailure.courseNotFound("c99").concernsTheCourse)
    #expect(CoursesFailure.courseNotCached("c99").concernsTheCourse)
    #expect(!CoursesFailure.originUnreachable("down").concernsTheCourse)
    #expect(!CoursesFailure.storage("locked").concernsTheCourse)
  }
}
