import Foundation
import Repository

/// A course category, such as "Swift" or "Design".
public struct Category: Codable, Hashable, Sendable {
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

/// How demanding a course is.
public enum CourseLevel: String, Codable, Hashable, Sendable, CaseIterable {
  /// For newcomers.
  case beginner = "BEGINNER"
  /// For people who know the basics.
  case intermediate = "INTERMEDIATE"
  /// For experienced people.
  case advanced = "ADVANCED"
}

/// A course of the catalog.
public struct Course: Codable, Hashable, Sendable, Identifiable {
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
  public var level: CourseLevel
  /// Its thumbnail's URL, if any.
  public var thumbnailUrl: String?
  /// When the origin last changed it (ISO 8601, UTC).
  public var updatedAt: String

  /// Creates a course.
  public init(
    id: String, title: String, categoryId: String, instructor: String, summary: String?, durationMinutes: Int,
    level: CourseLevel, thumbnailUrl: String?, updatedAt: String
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

/// A ranking section: a label and course ids, best first.
public struct RankingContents: Codable, Hashable, Sendable {
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

/// The signed-in user's progress on one course.
public struct UserCourse: Codable, Hashable, Sendable {
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

/// A course the user bookmarked ("stocked"). User data: kept locally, never expired.
public struct StockedCourse: Codable, Hashable, Sendable {
  /// The course id.
  public var courseId: String
  /// The course's title when it was stocked, so the list shows without the network.
  public var title: String
  /// When the user stocked it.
  public var stockedAt: Date

  /// Creates a stocked course.
  public init(courseId: String, title: String, stockedAt: Date) {
    self.courseId = courseId
    self.title = title
    self.stockedAt = stockedAt
  }
}
