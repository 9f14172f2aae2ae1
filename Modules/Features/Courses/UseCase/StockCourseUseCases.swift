import CoursesRepository
import Foundation
import Infrastructure
import Repository
import UseCase

/// Stocks a course after checking that the catalog has it. Stocking twice changes nothing.
public struct StockCourseUseCase: Sendable {
  private let courses: Store<CourseListKey, [CoursesRepository.Course]>
  private let stocked: any StockedCourseRepository
  private let clock: any AppClock

  /// Creates the use case; `courses` is the store that checks the id.
  public init(
    courses: Store<CourseListKey, [CoursesRepository.Course]>, stocked: any StockedCourseRepository, clock: any AppClock
  ) {
    self.courses = courses
    self.stocked = stocked
    self.clock = clock
  }

  /// Stocks `id` after checking it as `policy` says (`.offline`: against the cached lists only); returns the
  /// course and whether it was newly stocked (`false`: it already was).
  ///
  /// A bookmark is local data: when the origin cannot be asked (down, failing), a course the cache knows is
  /// stocked all the same; the origin's failure is thrown only when the cache does not know the course.
  ///
  /// - Throws: ``CoursesError/courseNotFound(_:)`` when the catalog has no such course,
  ///   ``CoursesError/courseNotCached(_:)`` when checking the cache only and no cached list holds it, or why the
  ///   origin or the database failed.
  public func execute(
    id: String, policy: CachePolicy = .standard
  ) async throws(CoursesError) -> (course: Course, newlyStocked: Bool) {
    let read = Reading(courses.stream(.ids([id]), policy: policy == .offline ? .offline : .standard))
    let found: [CoursesRepository.Course]
    switch await read.last() {
    case .completed(let response)?:
      found = response.value
    case .error(let error, let cached)?:
      // The cached list answers for the origin only when it knows the course.
      guard let cached, cached.value.contains(where: { $0.id == id }) else { throw CoursesError(error, courseID: id) }
      found = cached.value
    case .loading?, nil:
      throw CoursesError(CancellationError(), courseID: id)
    }
    guard let course = found.first(where: { $0.id == id }) else {
      throw CoursesError.courseNotFound(id)
    }
    do {
      let stockedAt = clock.now()
      let added = try await stocked.stock(
        CoursesRepository.StockedCourse(courseId: course.id, title: course.title, stockedAt: stockedAt))
      return (Course(course), added)
    } catch {
      throw CoursesError(error)
    }
  }
}

/// Unstocks a course.
public struct UnstockCourseUseCase: Sendable {
  private let stocked: any StockedCourseRepository

  /// Creates the use case.
  public init(stocked: any StockedCourseRepository) {
    self.stocked = stocked
  }

  /// Unstocks `id`; returns `false` when it was not stocked.
  public func execute(id: String) async throws(CoursesError) -> Bool {
    do {
      return try await stocked.unstock(courseId: id)
    } catch {
      throw CoursesError(error)
    }
  }
}

/// Lists the stocked courses, most recent first.
public struct GetStockedCoursesUseCase: Sendable {
  private let stocked: any StockedCourseRepository

  /// Creates the use case.
  public init(stocked: any StockedCourseRepository) {
    self.stocked = stocked
  }

  /// Every stocked course.
  public func execute() async throws(CoursesError) -> [StockedCourse] {
    do {
      return try await stocked.all().map(StockedCourse.init)
    } catch {
      throw CoursesError(error)
    }
  }
}
