import CoursesRepository
import Foundation
import Infrastructure
import Repository

/// Stocks a course after checking that the catalog has it. Stocking twice changes nothing.
public protocol StockCourseUseCase: Sendable {
  /// Stocks `id` after checking it as `policy` says (`.offline`: against the cached lists only); returns the
  /// course and whether it was newly stocked (`false`: it already was).
  ///
  /// - Throws: ``CoursesError/courseNotFound(_:)`` when the catalog has no such course,
  ///   ``CoursesError/courseNotCached(_:)`` when checking the cache only and no cached list holds it, or why the
  ///   origin or the database failed.
  func execute(id: String, policy: CachePolicy) async throws(CoursesError) -> (course: Course, newlyStocked: Bool)
}

extension StockCourseUseCase {
  /// Stocks `id` after checking it with the cache while fresh, else the origin.
  public func execute(id: String) async throws(CoursesError) -> (course: Course, newlyStocked: Bool) {
    try await execute(id: id, policy: .standard)
  }
}

/// Unstocks a course.
public protocol UnstockCourseUseCase: Sendable {
  /// Unstocks `id`; returns `false` when it was not stocked.
  func execute(id: String) async throws(CoursesError) -> Bool
}

/// Lists the stocked courses, most recent first.
public protocol GetStockedCoursesUseCase: Sendable {
  /// Every stocked course.
  func execute() async throws(CoursesError) -> [StockedCourse]
}

/// Stocking over the course repository and the stocked-courses table.
public struct LiveStockCourseUseCase: StockCourseUseCase {
  private let courses: any CourseRepository
  private let stocked: any StockedCourseRepository
  private let clock: any AppClock

  /// Creates the use case; `courses` is the repository that checks the id.
  public init(courses: any CourseRepository, stocked: any StockedCourseRepository, clock: any AppClock) {
    self.courses = courses
    self.stocked = stocked
    self.clock = clock
  }

  /// Stocks `id` after checking it as `policy` says.
  public func execute(
    id: String, policy: CachePolicy
  ) async throws(CoursesError) -> (course: Course, newlyStocked: Bool) {
    let found: [Course]
    do {
      found = try await courses.courses(ids: [id], policy: policy == .offline ? .offline : .standard).value
    } catch {
      throw CoursesError(error, courseID: id)
    }
    guard let course = found.first(where: { $0.id == id }) else {
      throw CoursesError.courseNotFound(id)
    }
    do {
      let stockedAt = clock.now()
      let added = try await stocked.stock(StockedCourse(courseId: course.id, title: course.title, stockedAt: stockedAt))
      return (course, added)
    } catch {
      throw CoursesError(error)
    }
  }
}

/// Unstocking from the stocked-courses table.
public struct LiveUnstockCourseUseCase: UnstockCourseUseCase {
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

/// The stocked courses from their table.
public struct LiveGetStockedCoursesUseCase: GetStockedCoursesUseCase {
  private let stocked: any StockedCourseRepository

  /// Creates the use case.
  public init(stocked: any StockedCourseRepository) {
    self.stocked = stocked
  }

  /// Every stocked course.
  public func execute() async throws(CoursesError) -> [StockedCourse] {
    do {
      return try await stocked.all()
    } catch {
      throw CoursesError(error)
    }
  }
}
