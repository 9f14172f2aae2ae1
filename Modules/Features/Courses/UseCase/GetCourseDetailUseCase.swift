import CoursesRepository
import Foundation
import Infrastructure
import Repository
import SearchInterface
import UseCase

/// One course with its category name, progress and stock flag, and GitHub repos related to it.
public protocol GetCourseDetailUseCase: Sendable {
  /// The course `id`, read as `policy` says, dated by its oldest part (the related repos aside). Its
  /// ``Outcome/refreshFailure`` is always `nil`: a failed read throws, and the presenter keeps what the cache holds.
  ///
  /// - Throws: ``CoursesError/courseNotFound(_:)`` when the catalog has no such course,
  ///   ``CoursesError/courseNotCached(_:)`` when reading the cache only and it does not hold all the course needs,
  ///   or why the origin or the database failed.
  func execute(id: String, policy: CachePolicy) async throws(CoursesError) -> Outcome<CourseDetailDto, CoursesError>
}

extension GetCourseDetailUseCase {
  /// The course `id`, from the cache while fresh, else the origin.
  public func execute(id: String) async throws(CoursesError) -> Outcome<CourseDetailDto, CoursesError> {
    try await execute(id: id, policy: .standard)
  }
}

/// A course's detail over the Courses repositories, with up to 3 related repos found through Search's interface.
///
/// The repos are looked up with the course's title as soon as the course is read, beside the rest of the detail,
/// and waited for at most `relatedDeadline` more: without Search in the app, when GitHub fails or does not answer
/// in time, the detail is complete without them and says why.
public struct LiveGetCourseDetailUseCase: GetCourseDetailUseCase {
  /// How many related repos a detail shows at most.
  public static let relatedLimit = 3

  private let repositories: CourseRepositories
  private let repos: (any RepoFinder)?
  private let relatedDeadline: Duration
  private let clock: any AppClock

  /// Creates the use case on `repositories`; `repos` is Search's finder, `nil` when Search is not in the app;
  /// `clock` dates its answers.
  public init(
    repositories: CourseRepositories, repos: (any RepoFinder)?, relatedDeadline: Duration, clock: any AppClock
  ) {
    self.repositories = repositories
    self.repos = repos
    self.relatedDeadline = relatedDeadline
    self.clock = clock
  }

  /// The course `id`, read as `policy` says.
  public func execute(
    id: String, policy: CachePolicy
  ) async throws(CoursesError) -> Outcome<CourseDetailDto, CoursesError> {
    do {
      return try await load(id: id, policy: policy)
    } catch {
      throw CoursesError(error, courseID: id)
    }
  }

  private func load(id: String, policy: CachePolicy) async throws -> Outcome<CourseDetailDto, CoursesError> {
    let r = repositories
    async let courses = r.courses.courses(ids: [id], policy: policy)
    async let categories = r.categories.categories(policy: policy)
    async let progress = r.userCourses.userCourses(courseIds: [id], policy: policy)
    async let stocked = r.stocked.stockedIDs()
    guard let course = try await courses.value.first(where: { $0.id == id }) else {
      throw CoursesError.courseNotFound(id)
    }
    async let related = relatedRepos(title: course.title, policy: policy)
    let (categoryResponse, progressResponse) = try await (categories, progress)
    let composer = Composer(
      categories: categoryResponse.value, progress: progressResponse.value, stocked: try await stocked)
    let courseProvenance = Provenance(try await courses)
    let parts = [courseProvenance, Provenance(categoryResponse), Provenance(progressResponse)]
    let detail = CourseDetailDto(
      course: composer.dto(course),
      lastViewedAt: progressResponse.value.first { $0.courseId == id }?.lastViewedAt,
      relatedRepos: await related)
    return Outcome(detail, provenance: Provenance(combining: parts) ?? courseProvenance, answeredAt: clock.now())
  }

  private func relatedRepos(title: String, policy: CachePolicy) async -> Related<RelatedRepo> {
    guard let repos else { return .unavailable(.absent) }
    return await Related.within(relatedDeadline) { () async throws(RelatedLookupFailure) -> [RelatedRepo] in
      try await repos.repos(matching: title, limit: Self.relatedLimit, policy: policy)
    }
  }
}
