import Foundation

/// The data behind the demo Courses origin: what a real origin would hold in its database.
public struct DemoCatalog: Codable, Sendable {
  /// A category row.
  public struct Category: Codable, Sendable {
    /// The category id.
    public var id: String
    /// Its display name.
    public var name: String
  }

  /// A course row.
  public struct Course: Codable, Sendable {
    /// The course id.
    public var id: String
    /// Its title.
    public var title: String
    /// Its category's id.
    public var categoryId: String
    /// Who teaches it.
    public var instructor: String
    /// A one-line summary.
    public var summary: String?
    /// Its length in minutes.
    public var durationMinutes: Int
    /// `BEGINNER`, `INTERMEDIATE` or `ADVANCED`.
    public var level: String
    /// Its thumbnail's URL.
    public var thumbnailUrl: String?
    /// When it last changed (ISO 8601, UTC).
    public var updatedAt: String
  }

  /// A ranking section.
  public struct Ranking: Codable, Sendable {
    /// Its display label.
    public var label: String
    /// Its id.
    public var labelId: String
    /// Course ids, best first; may name courses that no longer exist.
    public var courseIds: [String]
  }

  /// The signed-in user's progress on one course.
  public struct UserCourse: Codable, Sendable {
    /// The course id.
    public var courseId: String
    /// 0.0 to 1.0.
    public var progress: Double
    /// When the user last viewed it (ISO 8601, UTC).
    public var lastViewedAt: String?
  }

  /// All categories, in display order.
  public var categories: [Category]
  /// All courses.
  public var courses: [Course]
  /// The user's recently viewed course ids, newest first.
  public var recentCourseIds: [String]
  /// Course ids recommended for the user, best first.
  public var recommendedCourseIds: [String]
  /// Ranking sections, in display order.
  public var rankings: [Ranking]
  /// The user's progress.
  public var userCourses: [UserCourse]

  /// The catalog bundled with the app.
  public static func bundled() throws -> DemoCatalog {
    try JSONDecoder().decode(DemoCatalog.self, from: Data(bundledJSON.utf8))
  }
}
