import Foundation
import GRDB
import Infrastructure
import Repository

/// The courses the user stocked (bookmarked): user data, kept in the app database's `stocked_courses` table, never
/// expired or cleared by a refresh.
public struct StockedCourseRepository: Sendable {
  /// The table's migrations, contributed to the app database.
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
    }
  ]

  private let database: Infrastructure.Database

  /// Creates the repository on `database`.
  public init(database: Infrastructure.Database) {
    self.database = database
  }

  /// Every stocked course, most recently stocked first.
  public func all() async throws -> [StockedCourse] {
    try await database.read { db in
      try Row.fetchAll(
        db, sql: "SELECT course_id, title, stocked_at FROM stocked_courses ORDER BY stocked_at DESC, course_id"
      )
      .map { row in
        StockedCourse(
          courseId: row["course_id"], title: row["title"],
          stockedAt: Date(timeIntervalSince1970: row["stocked_at"]))
      }
    }
  }

  /// The ids of the stocked courses.
  public func stockedIDs() async throws -> Set<String> {
    try await database.read { db in Set(try String.fetchAll(db, sql: "SELECT course_id FROM stocked_courses")) }
  }

  /// Stocks `course`; returns `false` when it was already stocked (nothing changes then).
  public func stock(_ course: StockedCourse) async throws -> Bool {
    try await database.write { db in
      try db.execute(
        sql: "INSERT OR IGNORE INTO stocked_courses (course_id, title, stocked_at) VALUES (?, ?, ?)",
        arguments: [course.courseId, course.title, course.stockedAt.timeIntervalSince1970])
      return db.changesCount > 0
    }
  }

  /// Unstocks `courseId`; returns `false` when it was not stocked.
  public func unstock(courseId: String) async throws -> Bool {
    try await database.write { db in
      try db.execute(sql: "DELETE FROM stocked_courses WHERE course_id = ?", arguments: [courseId])
      return db.changesCount > 0
    }
  }
}
