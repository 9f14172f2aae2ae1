import Foundation
import GRDB
import GRDBSQLite

/// Opens one database file synchronously: prepares the directory, recovers from a damaged file, migrates.
struct DatabaseOpener {
  let files: DatabaseFiles
  let migrations: [DatabaseMigration]
  let busyTimeout: TimeInterval

  /// The size the write-ahead log is cut back to after a checkpoint (`PRAGMA journal_size_limit`); the cache's size
  /// limit leaves room for it.
  static let walLimitBytes = 4 * 1024 * 1024

  /// How often migrating is tried before giving up; see ``migrate(_:)``.
  private static let migrationAttempts = 3

  private enum Attempt {
    case opened(DatabasePool)
    case damaged(reason: String)
  }

  /// A database opened for reading only, when the directory is not writable: the file as it is, or an empty
  /// in-memory one when there is no file yet. Nothing is migrated and no marker is written.
  private func openReadOnly() throws(StorageError) -> OpenedDatabase {
    do {
      guard access(files.fileURL.path, R_OK) == 0 else {
        let memory = try DatabaseQueue()
        var migrator = DatabaseMigrator()
        for migration in migrations { migrator.registerMigration(migration.identifier, migrate: migration.migrate) }
        try migrator.migrate(memory)
        return OpenedDatabase(writer: memory, isReadOnly: true)
      }
      var configuration = Configuration()
      configuration.readonly = true
      configuration.busyMode = .timeout(busyTimeout)
      configuration.maximumReaderCount = 2
      return OpenedDatabase(
        writer: try DatabasePool(path: files.fileURL.path, configuration: configuration), isReadOnly: true)
    } catch {
      throw .cannotOpen(path: files.fileURL.path, reason: Self.reason(error))
    }
  }

  /// Returns an open, migrated pool.
  ///
  /// - Parameters:
  ///   - stamp: Names the moved-aside copy of a damaged file.
  ///   - diagnostics: Told once when a damaged file is moved aside.
  func open(stamp: () -> String, diagnostics: (String) -> Void) throws(StorageError) -> OpenedDatabase {
    try checkMigrationIdentifiers()
    guard try files.prepareDirectory() else { return try openReadOnly() }
    try files.createMainFileIfMissing()
    let markers = DatabaseUseMarkers(fileURL: files.fileURL)
    let check = markers.checkNeeded()
    let pool: DatabasePool
    switch try attempt(check: check) {
    case .opened(let opened):
      pool = opened
    case .damaged(let reason):
      let asidePath = try files.moveAside(stamp: stamp())
      diagnostics(
        "warning: the database \(files.fileURL.path) was damaged (\(reason)). "
          + "It was moved to \(asidePath) and a new, empty database was started. "
          + "Cached data will be fetched again; anything saved only on this machine is still in the moved file.")
      try files.createMainFileIfMissing()
      switch try attempt(check: false) {
      case .opened(let opened): pool = opened
      case .damaged(let reason): throw .cannotOpen(path: files.fileURL.path, reason: reason)
      }
    }
    try migrate(pool)
    files.restrictPermissions()
    markers.opened(afterCheck: check)
    return OpenedDatabase(writer: pool, isReadOnly: false)
  }

  private func checkMigrationIdentifiers() throws(StorageError) {
    var seen = Set<String>()
    for migration in migrations where !seen.insert(migration.identifier).inserted {
      throw .duplicateMigration(identifier: migration.identifier)
    }
  }

  /// Opens the file, after checking its integrity when `check` says there is a reason to, waiting while another
  /// process is setting up a new file.
  ///
  /// Turning a new file into a WAL database needs an exclusive lock, and SQLite answers `SQLITE_BUSY` at once,
  /// without the busy timeout, to a second process doing the same at the same instant. The first one is done in
  /// milliseconds, so the second tries again for up to the busy timeout. This runs on a dispatch thread, never on
  /// the cooperative pool, so sleeping here blocks no task.
  private func attempt(check: Bool) throws(StorageError) -> Attempt {
    let deadline = Date().addingTimeInterval(busyTimeout)
    var pause: useconds_t = 5_000
    while true {
      do {
        return try attemptOnce(check: check)
      } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && Date() < deadline {
        usleep(pause)
        pause = min(pause * 2, 100_000)
      } catch let error as DatabaseError where Self.isDamage(error) {
        return .damaged(reason: error.message ?? "\(error.resultCode)")
      } catch {
        throw .cannotOpen(path: files.fileURL.path, reason: Self.reason(error))
      }
    }
  }

  /// Checks the file's integrity when `check` is set, then opens it.
  ///
  /// `PRAGMA quick_check` reads the whole file, so it runs only when ``DatabaseUseMarkers`` give a reason (an
  /// unclean end, a damage seen); a file that is not a database at all fails the open itself. The check runs on a
  /// read-only connection first: a read-write open of a damaged file may already change it (checkpoint or delete
  /// its journal), and the moved-aside copy must keep the original bytes. The one exception is a hot rollback
  /// journal, which SQLite rolls back before anything may read the file (see ``probeRows(_:path:busyTimeout:)``).
  private func attemptOnce(check: Bool) throws -> Attempt {
    let path = files.fileURL.path
    if check {
      let problems = try Self.probeRows("PRAGMA quick_check", path: path, busyTimeout: busyTimeout)
      if problems != ["ok"] { return .damaged(reason: problems.prefix(3).joined(separator: "; ")) }
    } else {
      // Reads the header and schema only: a file that is not a database fails here, read-only, before a
      // read-write open could touch its journal.
      _ = try Self.probeRows("PRAGMA schema_version", path: path, busyTimeout: busyTimeout)
    }

    var configuration = Configuration()
    configuration.journalMode = .wal
    configuration.busyMode = .timeout(busyTimeout)
    configuration.prepareDatabase { db in
      try Self.keepWALFiles(db)
      try db.execute(sql: "PRAGMA journal_size_limit = \(Self.walLimitBytes)")
    }
    // A command's reads are few and short: two connections keep both cores busy, and each one more would cost
    // an open (and a schema read) of its own, more than the reads waiting for it.
    configuration.maximumReaderCount = 2
    return .opened(try DatabasePool(path: path, configuration: configuration))
  }

  /// The rows of `sql` (a pragma) on a read-only connection, or on a read-write one when the file has a hot
  /// rollback journal.
  ///
  /// A process that ended inside a write before the file was in WAL mode (the app quit, or was killed, while its
  /// database was being made) leaves a hot journal. A read-only connection cannot roll it back and SQLite answers
  /// `SQLITE_READONLY_ROLLBACK`, on every open after. A read-write connection rolls it back first, as any open of
  /// the file would, and the pragma then sees the file as it was before that write.
  private static func probeRows(_ sql: String, path: String, busyTimeout: TimeInterval) throws -> [String] {
    do {
      return try rows(sql, path: path, flags: SQLITE_OPEN_READONLY, busyTimeout: busyTimeout)
    } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_READONLY_ROLLBACK {
      return try rows(sql, path: path, flags: SQLITE_OPEN_READWRITE, busyTimeout: busyTimeout)
    }
  }

  /// The rows of `sql` (a pragma) on a connection of plain SQLite opened with `flags`: `PRAGMA quick_check` answers
  /// `["ok"]` for a sound file.
  ///
  /// Plain SQLite, not a GRDB queue: it is one statement, and setting a GRDB connection up (its queue, functions,
  /// authorizer) took longer than the check itself on every start of the app. Failures are `DatabaseError`s, as
  /// GRDB's would be, so that ``attempt()`` tells a busy file from a damaged one the same way.
  private static func rows(_ sql: String, path: String, flags: CInt, busyTimeout: TimeInterval) throws -> [String] {
    var connection: OpaquePointer?
    defer { sqlite3_close(connection) }
    var code = sqlite3_open_v2(path, &connection, flags | SQLITE_OPEN_NOMUTEX, nil)
    guard code == SQLITE_OK, let connection else { throw error(code, connection) }
    sqlite3_extended_result_codes(connection, 1)
    sqlite3_busy_timeout(connection, CInt(min(busyTimeout * 1000, Double(CInt.max))))
    var statement: OpaquePointer?
    defer { sqlite3_finalize(statement) }
    code = sqlite3_prepare_v2(connection, sql, -1, &statement, nil)
    guard code == SQLITE_OK else { throw error(code, connection) }
    var rows: [String] = []
    while true {
      code = sqlite3_step(statement)
      guard code == SQLITE_ROW else { break }
      rows.append(sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? "")
    }
    guard code == SQLITE_DONE else { throw error(code, connection) }
    return rows
  }

  /// A `DatabaseError` for SQLite's result `code` on `connection`.
  private static func error(_ code: CInt, _ connection: OpaquePointer?) -> DatabaseError {
    let message = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
    return DatabaseError(resultCode: ResultCode(rawValue: code), message: message)
  }

  /// Turns on SQLite's persistent WAL mode: the `-wal` and `-shm` files stay when the last connection closes.
  ///
  /// GRDB recommends it for a database that several processes share, as this one is: readers always find the
  /// files they need. It also spares every run of the app recreating both files and, because GRDB wants a
  /// non-empty WAL file, a throwaway write transaction on each open. Nothing is lost: closing still checkpoints.
  private static func keepWALFiles(_ db: GRDB.Database) throws {
    var enabled: CInt = 1
    let code = sqlite3_file_control(db.sqliteConnection, nil, SQLITE_FCNTL_PERSIST_WAL, &enabled)
    guard code == SQLITE_OK else {
      throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "could not keep the WAL files")
    }
  }

  static func isDamage(_ error: DatabaseError) -> Bool {
    error.resultCode == .SQLITE_NOTADB || error.resultCode == .SQLITE_CORRUPT
  }

  /// Applies the migrations not applied yet.
  ///
  /// Another app process may be migrating the same file at the same moment. Each migration commits together
  /// with its identifier, so the one that loses the race fails (table exists, identifier recorded) without
  /// changing anything; trying again re-reads what is applied and goes on. A migration that fails on its own
  /// fails every attempt and is reported.
  private func migrate(_ pool: DatabasePool) throws(StorageError) {
    var migrator = DatabaseMigrator()
    for migration in migrations {
      migrator.registerMigration(migration.identifier, migrate: migration.migrate)
    }
    var attempt = 1
    while true {
      do {
        try migrator.migrate(pool)
        return
      } catch {
        guard attempt < Self.migrationAttempts else {
          throw .migrationFailed(path: files.fileURL.path, reason: Self.reason(error))
        }
        attempt += 1
      }
    }
  }

  private static func reason(_ error: any Error) -> String {
    if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
    return "\(error)"
  }
}

/// An open database: the connection(s) to use, and whether writing is allowed.
struct OpenedDatabase: Sendable {
  let writer: any DatabaseWriter
  let isReadOnly: Bool
}
