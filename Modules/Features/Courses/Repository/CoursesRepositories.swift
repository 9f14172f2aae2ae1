import Foundation
import Repository

/// Where a repository reads from: the cache alone, or the origin when the cache is missing or stale.
public enum RepositoryMode: String, Sendable {
  /// Cache only; a missing entry is ``StoreError/notCached(key:)``.
  case local
  /// The cache while fresh, else the origin (saved to the cache); `refresh` always asks the origin.
  case remote
}

/// Reads one store the way a repository's mode says.
struct StoreReader<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  let store: Store<Key, Value>
  let mode: RepositoryMode

  func read(_ key: Key, refresh: Bool) async throws -> StoreResponse<Value> {
    switch mode {
    case .local: try await store.get(key, from: .cache)
    case .remote: try await store.get(key, from: refresh ? .origin : .both)
    }
  }
}

/// The course categories.
public protocol CategoryRepository: Sendable {
  /// All categories, in display order.
  func categories(refresh: Bool) async throws -> StoreResponse<[Category]>
}

/// Courses: lists for the home screen, and courses by id.
public protocol CourseRepository: Sendable {
  /// The user's recently viewed courses.
  func recentCourses(limit: Int, refresh: Bool) async throws -> StoreResponse<[Course]>
  /// Courses recommended for the user.
  func recommendedCourses(limit: Int, refresh: Bool) async throws -> StoreResponse<[Course]>
  /// Courses by id, in the order of `ids`; unknown ids are left out.
  func courses(ids: [String], refresh: Bool) async throws -> StoreResponse<[Course]>
}

/// The ranking sections.
public protocol RankingContentsRepository: Sendable {
  /// Ranking sections, in display order.
  func rankings(refresh: Bool) async throws -> StoreResponse<[RankingContents]>
}

/// The user's progress on courses.
public protocol UserCourseRepository: Sendable {
  /// Progress entries for the courses the user started among `courseIds`.
  func userCourses(courseIds: [String], refresh: Bool) async throws -> StoreResponse<[UserCourse]>
}

/// ``CategoryRepository`` on the categories store.
struct StoreCategoryRepository: CategoryRepository {
  let reader: StoreReader<String, [Category]>

  func categories(refresh: Bool) async throws -> StoreResponse<[Category]> {
    try await reader.read(CoursesStores.allKey, refresh: refresh)
  }
}

/// ``CourseRepository`` on the course-list store.
struct StoreCourseRepository: CourseRepository {
  let reader: StoreReader<CourseListKey, [Course]>

  func recentCourses(limit: Int, refresh: Bool) async throws -> StoreResponse<[Course]> {
    try await reader.read(.recent(limit: limit), refresh: refresh)
  }

  func recommendedCourses(limit: Int, refresh: Bool) async throws -> StoreResponse<[Course]> {
    try await reader.read(.recommended(limit: limit), refresh: refresh)
  }

  func courses(ids: [String], refresh: Bool) async throws -> StoreResponse<[Course]> {
    try await reader.read(.ids(ids), refresh: refresh)
  }
}

/// ``RankingContentsRepository`` on the rankings store.
struct StoreRankingContentsRepository: RankingContentsRepository {
  let reader: StoreReader<String, [RankingContents]>

  func rankings(refresh: Bool) async throws -> StoreResponse<[RankingContents]> {
    try await reader.read(CoursesStores.allKey, refresh: refresh)
  }
}

/// ``UserCourseRepository`` on the progress store.
struct StoreUserCourseRepository: UserCourseRepository {
  let reader: StoreReader<CourseListKey, [UserCourse]>

  func userCourses(courseIds: [String], refresh: Bool) async throws -> StoreResponse<[UserCourse]> {
    try await reader.read(.ids(courseIds), refresh: refresh)
  }
}
