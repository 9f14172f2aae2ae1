import Foundation

/// A course the user bookmarked ("stocked"), as the store of stocks keeps it under its id: user data, in the app
/// database's `user_data` table (``namespace``), never expired, never pruned, never cleared by `app cache clear`.
public struct StockedCourseRecord: Codable, Hashable, Sendable {
  /// The course id.
  public var courseId: String
  /// The course's title when it was stocked, so the list shows without the network.
  public var title: String
  /// When the user stocked it.
  public var stockedAt: Date

  /// Creates a record.
  public init(courseId: String, title: String, stockedAt: Date) {
    self.courseId = courseId
    self.title = title
    self.stockedAt = stockedAt
  }

  /// Where the store of stocks keeps them among the user's own data.
  public static let namespace = "courses.stocked"
}
