import CoursesRepository
import Foundation
import Repository
import UseCase

/// One course with its category name, progress and stock flag.
public protocol GetCourseDetailUseCase: Sendable {
  /// The course `id`, read as `policy` says.
  ///
  /// - Throws: ``CoursesError/courseNotFound(_:)`` when the catalog has no such course,
  ///   ``CoursesError/courseNotCached(_:)`` when reading the cache only and it does not hold all the course needs,
  ///   or why the origin or the database failed.
  func execute(id: String, policy: CachePolicy) async throws(CoursesError) -> CourseDetailDto
}

extension GetCourseDetailUseCase {
  /// The course `id`, from the cache while fresh, else the origin.
  public func execute(id: String) async throws(CoursesError) -> CourseDetailDto {
    try await execute(id: id, policy: .standard)
  }
}

/// A course's detail over the Courses repositories.
public struct LiveGetCourseDetailUseCase: GetCourseDetailUseCase {
  private let repositories: CourseRepositories

  /// Creates the use case on `repositories`.
  public init(repositories: CourseRepositories) {
    self.repositories = repositories
  }

  /// The course `id`, read as `policy` says.
  public func execute(id: String, policy: CachePolicy) async throws(CoursesError) -> CourseDetailDto {
    do {
      return try await load(id: id, policy: policy)
    } catch {
      throw CoursesError(error, courseID: id)
    }
  }

  private func load(id: String, policy: CachePolicy) async throws -> CourseDetailDto {
    let r = repositories
    async let courses = r.courses.courses(ids: [id], policy: policy)
    async let categories = r.categories.categories(policy: policy)
    async let progress = r.userCourses.userCourses(courseIds: [id], policy: policy)
    async let stocked = r.stocked.stockedIDs()
    guard let course = try await courses.value.first(where: { $0.id == id }) else {
      throw CoursesError.courseNotFound(id)
    }
    let (categoryResponse, progressResponse) = try await (categories, progress)
    let composer = Composer(
      categories: categoryResponse.value, progress: progressResponse.value, stocked: try await stocked)
    let courseProvenance = Provenance(try await courses)
    let parts = [courseProvenance, Provenance(categoryResponse), Provenance(progressResponse)]
    return CourseDetailDto(
      course: composer.dto(course),
      lastViewedAt: progressResponse.value.first { $0.courseId == id }?.lastViewedAt,
      provenance: Provenance(combining: parts) ?? courseProvenance)
  }
}
