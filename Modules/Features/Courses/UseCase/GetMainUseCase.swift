import CoursesRepository
import Foundation
import Infrastructure
import Repository
import UseCase

/// Builds the Courses home screen: categories, recent, recommended and rankings, with progress and stock flags.
public protocol GetMainUseCase: Sendable {
  /// The home screen's data, read as `policy` says, dated by its oldest part. Its
  /// ``Outcome/refreshFailure`` is always `nil`: a failed read throws, and the presenter keeps what the cache holds.
  ///
  /// - Throws: ``CoursesError/notCached`` when reading the cache only and it does not hold the screen, or why
  ///   the origin or the database failed.
  func execute(
    recentLimit: Int, recommendedLimit: Int, policy: CachePolicy
  ) async throws(CoursesError) -> Outcome<MainDto, CoursesError>
}

extension GetMainUseCase {
  /// The home screen's data, from the cache while fresh, else the origin.
  public func execute(
    recentLimit: Int, recommendedLimit: Int
  ) async throws(CoursesError) -> Outcome<MainDto, CoursesError> {
    try await execute(recentLimit: recentLimit, recommendedLimit: recommendedLimit, policy: .standard)
  }
}

/// The repositories the Courses screens compose.
public struct CourseRepositories: Sendable {
  let categories: any CategoryRepository
  let courses: any CourseRepository
  let rankings: any RankingContentsRepository
  let userCourses: any UserCourseRepository
  let stocked: any StockedCourseRepository

  /// Groups the repositories.
  public init(
    categories: any CategoryRepository, courses: any CourseRepository, rankings: any RankingContentsRepository,
    userCourses: any UserCourseRepository, stocked: any StockedCourseRepository
  ) {
    self.categories = categories
    self.courses = courses
    self.rankings = rankings
    self.userCourses = userCourses
    self.stocked = stocked
  }
}

/// The home screen over the Courses repositories.
///
/// The cache policy says where every part is read from. Composition takes exactly two sequential round trips, with everything that does not need an earlier
/// answer sent at once:
/// 1. categories, recent courses, recommended courses and rankings;
/// 2. progress for every shown course, and the courses the rankings name.
public struct LiveGetMainUseCase: GetMainUseCase {
  private let repositories: CourseRepositories
  private let clock: any AppClock

  /// Creates the use case on `repositories`; `clock` dates its answers.
  public init(repositories: CourseRepositories, clock: any AppClock) {
    self.repositories = repositories
    self.clock = clock
  }

  /// The home screen's data, read as `policy` says.
  public func execute(
    recentLimit: Int, recommendedLimit: Int, policy: CachePolicy
  ) async throws(CoursesError) -> Outcome<MainDto, CoursesError> {
    do {
      return try await load(recentLimit: recentLimit, recommendedLimit: recommendedLimit, policy: policy)
    } catch {
      throw CoursesError(error)
    }
  }

  private func load(
    recentLimit: Int, recommendedLimit: Int, policy: CachePolicy
  ) async throws -> Outcome<MainDto, CoursesError> {
    let r = repositories
    async let categories = r.categories.categories(policy: policy)
    async let recent = r.courses.recentCourses(limit: recentLimit, policy: policy)
    async let recommended = r.courses.recommendedCourses(limit: recommendedLimit, policy: policy)
    async let rankings = r.rankings.rankings(policy: policy)
    async let stockedIDs = r.stocked.stockedIDs()
    let first = try await (categories, recent, recommended, rankings)

    let rankingIDs = Self.unique(first.3.value.flatMap(\.courseIds))
    let shownIDs = Self.unique(first.1.value.map(\.id) + first.2.value.map(\.id) + rankingIDs)
    async let rankingCourses = r.courses.courses(ids: rankingIDs, policy: policy)
    async let progress = r.userCourses.userCourses(courseIds: shownIDs, policy: policy)
    let second = try await (rankingCourses, progress, stockedIDs)

    let compose = Composer(categories: first.0.value, progress: second.1.value, stocked: second.2)
    let coursesByID = Dictionary(second.0.value.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let parts = [
      Provenance(first.0), Provenance(first.1), Provenance(first.2), Provenance(first.3), Provenance(second.0),
      Provenance(second.1),
    ]
    let main = MainDto(
      categories: first.0.value,
      recentCourses: first.1.value.map(compose.dto),
      recommendedCourses: first.2.value.map(compose.dto),
      rankings: first.3.value.map { ranking in
        RankingDto(
          label: ranking.label, labelId: ranking.labelId,
          courses: ranking.courseIds.compactMap { coursesByID[$0] }.map(compose.dto))
      })
    return Outcome(
      main, provenance: Provenance(combining: parts) ?? Provenance(first.0), answeredAt: clock.now())
  }

  /// `ids` without repeats, in first-seen order.
  static func unique(_ ids: [String]) -> [String] {
    var seen = Set<String>()
    return ids.filter { seen.insert($0).inserted }
  }
}

/// Turns courses into DTOs with category names, progress and stock flags.
struct Composer {
  let categoryNames: [String: String]
  let progress: [String: Double]
  let stocked: Set<String>

  init(categories: [Category], progress: [UserCourse], stocked: Set<String>) {
    categoryNames = Dictionary(categories.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
    self.progress = Dictionary(progress.map { ($0.courseId, $0.progress) }, uniquingKeysWith: { first, _ in first })
    self.stocked = stocked
  }

  func dto(_ course: Course) -> CourseDto {
    CourseDto(
      course: course, categoryName: categoryNames[course.categoryId] ?? course.categoryId,
      stocked: stocked.contains(course.id), progress: min(max(progress[course.id] ?? 0, 0), 1))
  }
}
