import Foundation

/// The data behind the demo Courses origin: what a real origin would hold in its database.
public struct DemoCatalog: Codable, Sendable {
  /// All categories, in display order.
  public var categories: [DemoCategory]
  /// All courses.
  public var courses: [DemoCourse]
  /// The user's recently viewed course ids, newest first.
  public var recentCourseIds: [String]
  /// Course ids recommended for the user, best first.
  public var recommendedCourseIds: [String]
  /// Ranking sections, in display order.
  public var rankings: [DemoRanking]
  /// The user's progress.
  public var userCourses: [DemoUserCourse]

  /// The catalog bundled with the app.
  public static func bundled() throws -> DemoCatalog {
    try JSONDecoder().decode(DemoCatalog.self, from: Data(bundledJSON.utf8))
  }
}
