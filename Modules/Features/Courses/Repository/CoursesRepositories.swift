import Foundation
import Repository

/// The course categories.
public protocol CategoryRepository: Sendable {
  /// All categories, in display order.
  func categories(policy: CachePolicy) async throws -> StoreResponse<[Category]>
}

/// Courses: lists for the home screen, and courses by id.
public protocol CourseRepository: Sendable {
  /// The user's recently viewed courses.
  func recentCourses(limit: Int, policy: CachePolicy) async throws -> StoreResponse<[Course]>
  /// Courses recommended for the user.
  func recommendedCourses(limit: Int, policy: CachePolicy) async throws -> StoreResponse<[Course]>
  /// Courses by id, in the order of `ids`; unknown ids are left out.
  func courses(ids: [String], policy: CachePolicy) async throws -> StoreResponse<[Course]>
}

/// The ranking sections.
public protocol RankingContentsRepository: Sendable {
  /// Ranking sections, in display order.
  func rankings(policy: CachePolicy) async throws -> StoreResponse<[RankingContents]>
}

/// The user's progress on courses.
public protocol UserCourseRepository: Sendable {
  /// Progress entries for the courses the user started among `courseIds`.
  func userCourses(courseIds: [String], policy: CachePolicy) async throws -> StoreResponse<[UserCourse]>
}

/// ``CategoryRepository`` on the categories store.
struct StoreCategoryRepository: CategoryRepository {
  let store: Store<String, [Category]>

  func categories(policy: CachePolicy) async throws -> StoreResponse<[Category]> {
    try await store.get(CoursesStores.allKey, policy: policy)
  }
}

/// ``CourseRepository`` on the course-list store.
struct StoreCourseRepository: CourseRepository {
  let store: Store<CourseListKey, [Course]>

  func recentCourses(limit: Int, policy: CachePolicy) async throws -> StoreResponse<[Course]> {
    try await store.get(.recent(limit: limit), policy: policy)
  }

  func recommendedCourses(limit: Int, policy: CachePolicy) async throws -> StoreResponse<[Course]> {
    try await store.get(.recommended(limit: limit), policy: policy)
  }

  func courses(ids: [String], policy: CachePolicy) async throws -> StoreResponse<[Course]> {
    try await store.get(.ids(ids), policy: policy)
  }
}

/// ``RankingContentsRepository`` on the rankings store.
struct StoreRankingContentsRepository: RankingContentsRepository {
  let store: Store<String, [RankingContents]>

  func rankings(policy: CachePolicy) async throws -> StoreResponse<[RankingContents]> {
    try await store.get(CoursesStores.allKey, policy: policy)
  }
}

/// ``UserCourseRepository`` on the progress store.
struct StoreUserCourseRepository: UserCourseRepository {
  let store: Store<CourseListKey, [UserCourse]>

  func userCourses(courseIds: [String], policy: CachePolicy) async throws -> StoreResponse<[UserCourse]> {
    try await store.get(.ids(courseIds), policy: policy)
  }
}
