import CoursesTesting
import CoursesUseCase
import Foundation
import Infrastructure
import TestSupport
import Testing
import UseCase

/// Wall-clock assertions. `make test` runs suites named `…TimingTests` after the others, on their own,
/// so that the rest of the suite's load on this 2-core machine does not decide them.
@Suite struct CoursesTimingTests {
  @Test func homeScreenTakesTwoRoundTripsWithEverythingIndependentSentAtOnce() async throws {
    let origin = try await CoursesOrigin.start()
    defer { Task { await origin.stop() } }
    origin.setDelay(.milliseconds(200))
    let harness = try CoursesHarness(origin: origin)
    defer { harness.remove() }
    let container = try harness.container()
    let useCase = try container.resolve((any GetMainUseCase).self)
    // The database opens (and migrates) on first use; that is start-up work, not the fetch being timed.
    try await container.resolve(Database.self).open()

    let clock = ContinuousClock()
    let start = clock.now
    let main = try await useCase.execute(recentLimit: 5, recommendedLimit: 10)
    let elapsed = clock.now - start

    #expect(elapsed < .milliseconds(2 * 200 + 150), "took \(elapsed)")
    #expect(origin.roundTrips() == 2)
    #expect(origin.requestCount == 6)
    #expect(Set(origin.operations.prefix(4)) == ["Categories", "RecentCourses", "RecommendedCourses", "Rankings"])
    #expect(Set(origin.operations.suffix(2)) == ["Courses", "UserCourses"])
    #expect(main.provenance.source == .network)
    #expect(main.recentCourses.count == 5)
  }
}
