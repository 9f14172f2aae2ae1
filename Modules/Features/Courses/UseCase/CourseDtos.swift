import CoursesRepository
import Foundation
import Repository
import UseCase

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

  /// Creates the home screen's data.
  public init(
    categories: [Category], recentCourses: [CourseDto], recommendedCourses: [CourseDto], rankings: [RankingDto]
  ) {
    self.categories = categories
    self.recentCourses = recentCourses
    self.recommendedCourses = recommendedCourses
    self.rankings = rankings
  }
}

/// What `GetCourseDetail` answers: the course and the GitHub repos related to it.
public struct CourseDetailDto: Hashable, Sendable {
  /// The course with its category, stocked flag and progress.
  public var course: CourseDto
  /// When the user last viewed it, if known.
  public var lastViewedAt: CourseTime?
  /// GitHub repos found for the course's title, or why there are none to show. Not part of the outcome's
  /// provenance: the detail is whole without them.
  public var relatedRepos: Related<RelatedRepo>

  /// Creates a detail DTO.
  public init(course: CourseDto, lastViewedAt: CourseTime?, relatedRepos: Related<RelatedRepo> = .unavailable(.absent))
  {
    self.course = course
    self.lastViewedAt = lastViewedAt
    self.relatedRepos = relatedRepos
  }
}
