import Foundation
import GRDB

/// A throwaway APP_HOME, and what its database holds, read without the app.
public struct AppHome: Sendable {
  /// What a database holds, as the scenarios compare it before and after.
  public struct State: Sendable, Equatable {
    /// `PRAGMA integrity_check`: `ok` when the file is sound.
    public let integrity: String
    /// The rows of user data the queries asked for, in their order.
    public let userData: [String]
    /// The cache's entries, as `namespace key`.
    public let cacheKeys: Set<String>
  }

  /// The directory.
  public let url: URL

  /// A new, empty home under the temporary directory.
  public init(label: String = "stress") {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(UUID().uuidString)")
  }

  /// The app database file.
  public var databaseFile: URL { url.appendingPathComponent("app.sqlite") }

  /// The integrity check, the rows `userData` queries answer (one text each) and the cache's entries, read
  /// through a separate connection.
  public func inspect(userData: [String] = []) throws -> State {
    try read { db in
      State(
        integrity: try String.fetchOne(db, sql: "PRAGMA integrity_check") ?? "",
        userData: try userData.flatMap { try String.fetchAll(db, sql: $0) },
        cacheKeys: Set(try String.fetchAll(db, sql: "SELECT namespace || ' ' || key FROM cache_entries")))
    }
  }

  /// The texts `sql` answers, read through a separate connection.
  public func strings(_ sql: String) throws -> [String] {
    try read { try String.fetchAll($0, sql: sql) }
  }

  /// Files the cache entries of the origins whose URL starts with `old` under the same URL starting with `new`,
  /// as if that origin had moved; a fault served from another address then finds the cache it would have.
  public func refileCache(from old: String, to new: String) throws {
    guard old != new else { return }
    var configuration = Configuration()
    configuration.busyMode = .timeout(10)
    try DatabaseQueue(path: databaseFile.path, configuration: configuration).write { db in
      try db.execute(
        sql: "UPDATE cache_entries SET origin = ? || substr(origin, ?) WHERE substr(origin, 1, ?) = ?",
        arguments: [new, old.count + 1, old.count, old])
    }
  }

  /// Removes the directory.
  public func remove() {
    try? FileManager.default.removeItem(at: url)
  }

  private func read<T>(_ body: (GRDB.Database) throws -> T) throws -> T {
    var configuration = Configuration()
    configuration.busyMode = .timeout(10)
    configuration.readonly = true
    return try DatabaseQueue(path: databaseFile.path, configuration: configuration).read(body)
  }
}
