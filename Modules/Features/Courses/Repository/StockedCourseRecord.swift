import Foundation
import GRDB
import Infrastructure

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

  /// The stocks' migrations, contributed to the app database: the table of earlier versions, then its rows moved
  /// into the user's own data (each course's id, title and time of stocking kept) and the table dropped.
  public static let migrations = [
    DatabaseMigration("courses.stocked.v1") { db in
      try db.execute(
        sql: """
          CREATE TABLE stocked_courses (
            course_id TEXT PRIMARY KEY NOT NULL,
            title TEXT NOT NULL,
            stocked_at REAL NOT NULL
          )
          """)
    },
    DatabaseMigration("courses.stocked.v2-user-data") { db in
      let encoder = JSONEncoder()
      for row in try Row.fetchAll(db, sql: "SELECT course_id, title, stocked_at FROM stocked_courses") {
        let record = StockedCourseRecord(
          courseId: row["course_id"], title: row["title"], stockedAt: Date(timeIntervalSince1970: row["stocked_at"]))
        try db.execute(
          sql: "INSERT OR IGNORE INTO user_data (namespace, key, payload, updated_at) VALUES (?, ?, ?, ?)",
          arguments: [namespace, record.courseId, try encoder.encode(record), record.stockedAt.timeIntervalSince1970])
      }
      try db.execute(sql: "DROP TABLE stocked_courses")
    },
  ]
}
