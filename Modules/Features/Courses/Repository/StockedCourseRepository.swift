import Foundation
import GRDB
import Infrastructure
import Repository

/// The courses the user stocked (bookmarked): user data, kept in the app database's `stocked_courses` table, never
/// expired or cleared by a refresh. It lists them all (`app courses stocked`); a course's mark, and stocking and
/// unstocking, go through the store of stocks (``StockedCourseCacher``), the road every read of a key and every
/// change takes.
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
  public func all() async throws -> [StockedCourseRecord] {
    try await database.read { db in
      try Row.fetchAll(
        db, sql: "SELECT course_id, title, stocked_at FROM stocked_courses ORDER BY stocked_at DESC, course_id"
      )
      .map { row in
        StockedCourseRecord(
          courseId: row["course_id"], title: row["title"],
          stockedAt: Date(timeIntervalSince1970: row["stocked_at"]))
      }
    }
  }

}

/// The stocks as the store of stocks keeps them: per course id, the stocked course, or `nil` when it is not
/// stocked. Their origin is this database, so a change waits for nothing; it is written to `stocked_courses` (user
/// data, which `app cache clear` and the cache's limits never touch), and a write that cannot be made (a
/// read-only home, a full disk) is an error.
public struct StockedCourseCacher: Cacher {
  private let database: Infrastructure.Database

  /// Creates the cacher on `database`.
  public init(database: Infrastructure.Database) {
    self.database = database
  }

  /// Whether `courseId` is stocked, as of when it was (or, when it is not, as of now: it never goes stale).
  public func load(_ courseId: String) async throws -> CachedValue<StockedCourseRecord?>? {
    let stocked = try await database.read { db in
      try Row.fetchOne(
        db, sql: "SELECT title, stocked_at FROM stocked_courses WHERE course_id = ?", arguments: [courseId]
      ).map {
        StockedCourseRecord(
          courseId: courseId, title: $0["title"], stockedAt: Date(timeIntervalSince1970: $0["stocked_at"]))
      }
    }
    return CachedValue(value: stocked, fetchedAt: stocked?.stockedAt ?? .distantPast)
  }

  /// Whether each of `courseIds` is stocked, in their order, in one read.
  public func load(_ courseIds: [String]) async throws -> [CachedValue<StockedCourseRecord?>?] {
    guard !courseIds.isEmpty else { return [] }
    let stocked = try await database.read { db in
      var stocked: [String: StockedCourseRecord] = [:]
      for chunk in KeyChunk.of(courseIds) {
        for row in try Row.fetchAll(
          db, sql: "SELECT course_id, title, stocked_at FROM stocked_courses WHERE course_id IN (\(chunk.marks))",
          arguments: StatementArguments(chunk.keys))
        {
          let record = StockedCourseRecord(
            courseId: row["course_id"], title: row["title"], stockedAt: Date(timeIntervalSince1970: row["stocked_at"]))
          stocked[record.courseId] = record
        }
      }
      return stocked
    }
    return courseIds.map { id in CachedValue(value: stocked[id], fetchedAt: stocked[id]?.stockedAt ?? .distantPast) }
  }

  /// Stocks or unstocks as `entry` says.
  public func save(_ entry: CachedValue<StockedCourseRecord?>, for courseId: String) async throws {
    _ = try await write(entry.value, for: courseId, at: entry.fetchedAt)
  }

  /// Stocks the course (`nil`: unstocks it); a course stocked before keeps when it was stocked. Nothing waits.
  public func write(_ stocked: StockedCourseRecord?, for courseId: String, at date: Date) async throws -> Bool {
    try await database.write { db in
      if let stocked {
        try db.execute(
          sql: "INSERT OR IGNORE INTO stocked_courses (course_id, title, stocked_at) VALUES (?, ?, ?)",
          arguments: [courseId, stocked.title, stocked.stockedAt.timeIntervalSince1970])
      } else {
        try db.execute(sql: "DELETE FROM stocked_courses WHERE course_id = ?", arguments: [courseId])
      }
    }
    return false
  }

  /// Unstocks the course: a stock is the user's, so forgetting it is unstocking it.
  public func clear(_ courseId: String) async throws {
    _ = try await write(nil, for: courseId, at: Date())
  }
}
