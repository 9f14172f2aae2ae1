import Foundation

/// A row of the `stocked_courses` table: a course the user bookmarked ("stocked"). User data: kept locally, never
/// expired.
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
}
