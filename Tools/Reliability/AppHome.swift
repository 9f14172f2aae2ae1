import Foundation
import GRDB

/// A throwaway APP_HOME, and what its database holds, read without the app.
public struct AppHome: Sendable {
  /// The directory.
  public let url: URL

  /// A new, empty home under the temporary directory.
  public init(label: String = "stress") {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(UUID().uuidString)")
  }

  /// The app database file.
  public var databaseFile: URL { url.appendingPathComponent("app.sqlite") }

  /// `PRAGMA integrity_check`, the stocked course ids and the cache's `namespace key`s, read through a separate
  /// connection.
  public func inspect() throws -> (integrity: String, stocked: [String], cacheKeys: Set<String>) {
    var configuration = Configuration()
    configuration.busyMode = .timeout(10)
    let queue = try DatabaseQueue(path: databaseFile.path, configuration: configuration)
    return try queue.read { db in
      (
        try String.fetchOne(db, sql: "PRAGMA integrity_check") ?? "",
        try String.fetchAll(db, sql: "SELECT course_id FROM stocked_courses ORDER BY course_id"),
        Set(try String.fetchAll(db, sql: "SELECT namespace || ' ' || key FROM cache_entries"))
      )
    }
  }

  /// Removes the directory.
  public func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}
