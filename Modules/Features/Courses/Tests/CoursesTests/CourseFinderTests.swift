import CoursesInterface
import DI
import Foundation
import Repository
import TestScheduling
import Testing
import UseCase

@testable import CoursesUseCase

/// What Courses offers other features: ``CourseFinder`` over the home screen's courses.
@Suite(.untimed) struct CourseFinderTests {
  func finder(_ harness: CoursesHarness) throws -> any CourseFinder {
    try harness.container().resolve((any CourseFinder).self)
  }

  @Test func itIsRegisteredAndMatchesTitlesCategoriesAndSummariesAsWholeWords() async throws {
    let harness = try CoursesHarness(origin: nil)
    defer { harness.remove() }
    let finder = try finder(harness)
    let swiftUI = try await finder.courses(matchingAny: ["SwiftUI"], limit: 3, policy: .standard)
    #expect(!swiftUI.isEmpty)
    for course in swiftUI {
      #expect(WholeWords([course.title]).contains("swiftui"), "\(course.title)")
    }
    // "Swift" is a word of "Swift Fundamentals" and of the Swift category, never a part of "SwiftUI".
    let swift = try await finder.courses(matchingAny: ["swift"], limit: 50, policy: .standard)
    #expect(swift.contains { $0.id == "c01" && $0.title == "Swift Fundamentals" && $0.categoryName == "Swift" })
    #expect(!swift.contains { $0.title == "SwiftUI Essentials" && $0.categoryName != "Swift" })
    #expect(swift.allSatisfy { ["BEGINNER", "INTERMEDIATE", "ADVANCED"].contains($0.level) })
  }

  @Test func coursesHoldingMoreTermsComeFirstAndTheLimitHolds() async throws {
    let harness = try CoursesHarness(origin: nil)
    defer { harness.remove() }
    let finder = try finder(harness)
    let all = try await finder.courses(matchingAny: ["swift", "concurrency"], limit: 50, policy: .standard)
    #expect(all.first?.title == "Swift Concurrency in Depth")
    let three = try await finder.courses(matchingAny: ["swift", "concurrency"], limit: 3, policy: .standard)
    #expect(three == Array(all.prefix(3)))
    #expect(Set(all.map(\.id)).count == all.count, "a course on several lists is found once")
  }

  @Test func nothingMatchingAndNoTermsAreEmpty() async throws {
    let harness = try CoursesHarness(origin: nil)
    defer { harness.remove() }
    let finder = try finder(harness)
    #expect(try await finder.courses(matchingAny: ["cobol"], limit: 3, policy: .standard) == [])
    #expect(try await finder.courses(matchingAny: [" ", "--"], limit: 3, policy: .standard) == [])
  }

  @Test func offlineReadsOnlyTheCache() async throws {
    let harness = try CoursesHarness(origin: nil)
    defer { harness.remove() }
    let finder = try finder(harness)
    await #expect(throws: RelatedLookupFailure.notCached) {
      try await finder.courses(matchingAny: ["swift"], limit: 3, policy: .offline)
    }
    let online = try await finder.courses(matchingAny: ["swift"], limit: 3, policy: .standard)
    #expect(try await finder.courses(matchingAny: ["swift"], limit: 3, policy: .offline) == online)
  }

  @Test func aCoursesAPIThatCannotBeReachedIsAFailureWithAReason() async throws {
    let harness = try CoursesHarness(origin: nil, extra: ["COURSES_API_URL": "http://127.0.0.1:9/graphql"])
    defer { harness.remove() }
    let finder = try finder(harness)
    do throws(RelatedLookupFailure) {
      _ = try await finder.courses(matchingAny: ["swift"], limit: 3, policy: .standard)
      Issue.record("a refused connection must fail the lookup")
    } catch {
      guard case .failed(let reason) = error else {
        Issue.record("expected a failure with a reason, got \(error)")
        return
      }
      #expect(reason.hasPrefix("the Courses data could not be read: "))
    }
  }

  @Test func wholeWordsMeetAtPunctuationSpacesAndWhereLatinLettersMeetOthers() {
    let japanese = WholeWords(["Swiftではじめるプログラミング"])
    #expect(japanese.contains("swift"))
    #expect(!WholeWords(["SwiftUI Essentials"]).contains("swift"))
    #expect(WholeWords(["Testing with Swift Testing"]).contains(WholeWords.normalized("swift-testing")))
    #expect(WholeWords(["async/await, actors"]).contains("await"))
    #expect(WholeWords.normalized("Objective-C") == "objective c")
    #expect(WholeWords.normalized("  ") == "")
  }
}
