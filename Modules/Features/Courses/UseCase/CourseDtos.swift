import CoursesRepository
import Foundation
import Repository

/// A course as screens show it: the course, its category's name, whether it is stocked, and progress.
public struct CourseDto: Hashable, Sendable {
  /// The course.
  public var course: Course
  /// Its category's display name (the id when the category is unknown).
  public var categoryName: String
  /// Whether the user stocked it.
  public var stocked: Bool
  /// The user's progress, 0.0 to 1.0; 0 for a course never started.
  public var progress: Double

  /// Creates a course DTO.
  public init(course: Course, categoryName: String, stocked: Bool, progress: Double) {
    self.course = course
    self.categoryName = categoryName
    self.stocked = stocked
    self.progress = progress
  }
}

/// One ranking section with its courses, best first.
public struct RankingDto: Hashable, Sendable {
  /// The section's label.
  public var label: String
  /// The section's id.
  public var labelId: String
  /// Its courses; ids the catalog does not know are dropped.
  public var courses: [CourseDto]

  /// Creates a ranking DTO.
  public init(label: String, labelId: String, courses: [CourseDto]) {
    self.label = label
    self.labelId = labelId
    self.courses = courses
  }
}

/// Where the data of a screen came from.
public enum DataSource: String, Hashable, Sendable {
  /// Fetched from the origin during this run (at least in part).
  case network
  /// Entirely from the local cache.
  case cache
}

/// Everything the Courses home screen shows.
public struct MainDto: Hashable, Sendable {
  /// All categories.
  public var categories: [Category]
  /// The user's recent courses.
  public var recentCourses: [CourseDto]
  /// Courses recommended for the user.
  public var recommendedCourses: [CourseDto]
  /// Ranking sections, in display order.
  public var rankings: [RankingDto]
  /// Where the data came from.
  public var source: DataSource
  /// When the oldest part of it was fetched from the origin.
  public var fetchedAt: Date
  /// Whether any part of it is older than the cache's time to live.
  public var isStale: Bool

  /// Creates the home screen's data.
  public init(
    categories: [Category], recentCourses: [CourseDto], recommendedCourses: [CourseDto], rankings: [RankingDto],
    source: DataSource, fetchedAt: Date, isStale: Bool = false
  ) {
    self.categories = categories
    self.recentCourses = recentCourses
    self.recommendedCourses = recommendedCourses
    self.rankings = rankings
    self.source = source
    self.fetchedAt = fetchedAt
    self.isStale = isStale
  }
}

/// What `GetCourseDetail` answers: the course, and where it came from.
public struct CourseDetailDto: Hashable, Sendable {
  /// The course with its category, stocked flag and progress.
  public var course: CourseDto
  /// When the user last viewed it, if known.
  public var lastViewedAt: String?
  /// Where the data came from.
  public var source: DataSource
  /// Whether any part of it is older than the cache's time to live.
  public var isStale: Bool

  /// Creates a detail DTO.
  public init(course: CourseDto, lastViewedAt: String?, source: DataSource, isStale: Bool = false) {
    self.course = course
    self.lastViewedAt = lastViewedAt
    self.source = source
    self.isStale = isStale
  }
}

/// Failures of the Courses use cases that a user can act on.
public enum CoursesError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No course has this id.
  case courseNotFound(String)

  /// A one-line message.
  public var description: String {
    switch self {
    case .courseNotFound(let id): "course not found: \(id)"
    }
  }
}
