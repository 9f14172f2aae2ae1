import CoursesRepository
import Foundation
import Repository
import UseCase

/// One course with its category name, progress and stock flag.
public struct GetCourseDetailUseCase: Sendable {
  private let repositories: GetMainUseCase.Repositories

  /// Creates the use case on `repositories`.
  public init(repositories: GetMainUseCase.Repositories) {
    self.repositories = repositories
  }

  /// The course `id`; throws ``CoursesError/courseNotFound(_:)`` when the catalog has no such course, and
  /// ``CoursesError/courseNotCached(_:)`` when reading the cache only and it does not hold all the course needs.
  public func execute(id: String, policy: CachePolicy = .standard) async throws(CoursesError) -> CourseDetailDto {
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
