import Repository

/// A course category as the Courses API answers it, such as "Swift" or "Design".
public struct CategoryResponse: Codable, Hashable, Sendable {
  /// The category id.
  public var id: String
  /// Its display name.
  public var name: String

  /// Creates a category.
  public init(id: String, name: String) {
    self.id = id
    self.name = name
  }
}

/// How demanding a course is, as the Courses API says it.
public enum CourseLevelResponse: String, Codable, Hashable, Sendable, CaseIterable {
  /// For newcomers.
  case beginner = "BEGINNER"
  /// For people who know the basics.
  case intermediate = "INTERMEDIATE"
  /// For experienced people.
  case advanced = "ADVANCED"
}

/// A course of the catalog as the Courses API answers it.
public struct CourseResponse: Codable, Hashable, Sendable, Identifiable {
  /// The course id.
  public var id: String
  /// Its title (may be Japanese).
  public var title: String
  /// Its category's id.
  public var categoryId: String
  /// Who teaches it.
  public var instructor: String
  /// A one-line summary, if the origin has one.
  public var summary: String?
  /// Its length in minutes.
  public var durationMinutes: Int
  /// How demanding it is.
  public var level: CourseLevelResponse
  /// Its thumbnail's URL, if any.
  public var thumbnailUrl: String?
  /// When the origin last changed it (ISO 8601, UTC).
  public var updatedAt: String

  /// Creates a course.
  public init(
    id: String, title: String, categoryId: String, instructor: String, summary: String?, durationMinutes: Int,
    level: CourseLevelResponse, thumbnailUrl: String?, updatedAt: String
  ) {
    self.id = id
    self.title = title
    self.categoryId = categoryId
    self.instructor = instructor
    self.summary = summary
    self.durationMinutes = durationMinutes
    self.level = level
    self.thumbnailUrl = thumbnailUrl
    self.updatedAt = updatedAt
  }
}

/// A ranking section as the Courses API answers it: a label and course ids, best first.
public struct RankingResponse: Codable, Hashable, Sendable {
  /// The section's display label.
  public var label: String
  /// The section's id.
  public var labelId: String
  /// Course ids, best first; ids the catalog no longer has are dropped when shown.
  public var courseIds: [String]

  /// Creates a ranking section.
  public init(label: String, labelId: String, courseIds: [String]) {
    self.label = label
    self.labelId = labelId
    self.courseIds = courseIds
  }
}

/// The signed-in user's progress on one course, as the Courses API answers it.
public struct UserCourseResponse: Codable, Hashable, Sendable {
  /// The course id.
  public var courseId: String
  /// 0.0 to 1.0.
  public var progress: Double
  /// When the user last viewed it (ISO 8601, UTC), if known.
  public var lastViewedAt: String?

  /// Creates a progress entry.
  public init(courseId: String, progress: Double, lastViewedAt: String?) {
    self.courseId = courseId
    self.progress = progress
    self.lastViewedAt = lastViewedAt
  }
}
