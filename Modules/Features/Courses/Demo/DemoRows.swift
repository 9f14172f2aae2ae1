// The rows of the demo server's catalog: what a real origin keeps in its database. They are the server's own, apart
// from the client's response models (`CourseResponse`, …) and the use cases' values (`Course`, …).

/// A category row of the demo server.
public struct DemoCategory: Codable, Sendable {
  /// The category id.
  public var id: String
  /// Its display name.
  public var name: String
}

/// A course row of the demo server.
public struct DemoCourse: Codable, Sendable {
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

/// A ranking section row of the demo server.
public struct DemoRanking: Codable, Sendable {
  /// Its display label.
  public var label: String
  /// Its id.
  public var labelId: String
  /// Course ids, best first; may name courses that no longer exist.
  public var courseIds: [String]
}

/// A row of the demo server's user progress: the signed-in user's progress on one course.
public struct DemoUserCourse: Codable, Sendable {
  /// The course id.
  public var courseId: String
  /// 0.0 to 1.0.
  public var progress: Double
  /// When the user last viewed it (ISO 8601, UTC).
  public var lastViewedAt: String?
}
