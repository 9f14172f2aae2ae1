import CoursesTesting
import CoursesUseCase
import Foundation
import Infrastructure
import TestScheduling
import TestSupport
import Testing
import UseCase

/// Wall-clock assertions; `.timing` runs them with no other test beside them. That the home screen takes two
/// round trips is proven by cause in `CoursesUseCaseTests`; this bound only catches a client that sends its
/// requests one by one (six answers of 200 ms would take 1.2 s; two round trips take 0.4 s).
@Suite(.timing) struct CoursesTimingTests {
  @Test func homeScreenIsNotSlowerThanItsTwoRoundTripsAllow() async throws {
    let origin = try await CoursesOrigin.start()
    defer { Task { await origin.stop() } }
    origin.setDelay(.milliseconds(200))
    let harness = try CoursesHarness(origin: origin)
    defer { harness.remove() }
    let container = try harness.container()
    let useCase = try container.resolve(GetMainUseCase.self)
    // The database opens (and migrates) on first use; that is start-up work, not the fetch being timed.
    try await container.resolve(Database.self).open()

    let clock = ContinuousClock()
    let start = clock.now
    let main = try await useCase.settled(recentLimit: 5, recommendedLimit: 10)
    let elapsed = clock.now - start

    #expect(elapsed < .milliseconds(1_000), "took \(elapsed)")
    #expect(origin.requestCount == 6)
    #expect(main.recentCourses.count == 5)
  }
}
