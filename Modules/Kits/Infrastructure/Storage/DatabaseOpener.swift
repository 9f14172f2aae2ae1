import Foundation
import GRDB
import GRDBSQLite

/// Opens one database file synchronously: prepares the directory, recovers from a damaged file, migrates.
///
/// Two roads:
/// - **Reading first.** A file that is already a WAL database with every migration applied, after a clean end, is
///   opened with one read-only connection, which does the check itself. Nothing is written: no write transaction,
///   no sync, nothing in the file or its `-wal`. The read-write pool is opened at the first write (see
///   ``OpenedDatabase``).
/// - **Writing first.** A new file, one that needs `quick_check`, one with a hot journal, in another journal mode or
///   with a migration to apply: the read-write pool at once, after the checks, then the migrations.
struct DatabaseOpener: Sendable {
  let files: DatabaseFiles
  let migrations: [DatabaseMigration]
  let busyTimeout: TimeInterval
  /// Told each time a connection on the file is opened (tests count them).
  var connectionOpened: @Sendable () -> Void = {}

  /// The size the write-ahead log is cut back to after a checkpoint (`PRAGMA journal_size_limit`); the cache's size
  /// limit leaves room for it.
  static let walLimitBytes = 4 * 1024 * 1024

  /// How often migrating is tried before giving up; see ``migrate(_:)``.
  private static let migrationAttempts = 3

  private enum Attempt {
    case opened(DatabasePool)
    case damaged(reason: String)
  }

  /// A configuration that tells ``connectionOpened`` of each connection it opens.
  private func counted(_ configuration: Configuration) -> Configuration {
    var configuration = configuration
    let opened = connectionOpened
    configuration.prepareDatabase { _ in opened() }
    return configuration
  }

  /// A database opened for reading only, when the directory is not writable: the file as it is, or an empty
  /// in-memory one when there is no file yet. Nothing is migrated and no marker is written.
  ///
  /// - Throws: ``StorageError/cannotOpen(path:reason:)`` when the file is there but this user may not read it (or
  ///   may not look into its directory): only a file that does not exist reads as empty, never one kept from them.
  private func openReadOnly() throws(StorageError) -> OpenedDatabase {
    if access(files.path, R_OK) != 0 {
      let code = errno
      guard code == ENOENT else { throw .cannotOpen(path: files.path, reason: DatabaseFiles.describe(errno: code)) }
    }
    do {
      guard access(files.path, F_OK) == 0 else {
        let memory = try DatabaseQueue(configuration: counted(Configuration()))
        try migrator().migrate(memory)
        return OpenedDatabase(writer: memory, isReadOnly: true)
      }
      var configuration = Configuration()
      configuration.readonly = true
      configuration.busyMode = .timeout(busyTimeout)
      configuration.maximumReaderCount = 2
      return OpenedDatabase(
        writer: try DatabasePool(path: files.path, configuration: counted(configuration)), isReadOnly: true)
    } catch {
      throw .cannotOpen(path: files.path, reason: Self.reason(error))
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
    let markers = DatabaseUseMarkers(files: files)
    let check = markers.checkNeeded()
    if !check, let reading = openForReading() {
      files.restrictPermissions()
      markers.opened(afterCheck: false)
      return reading
    }
    try files.createMainFileIfMissing()
    let pool: DatabasePool
    switch try attempt(check: check) {
    case .opened(let opened):
      pool = opened
    case .damaged(let reason):
      let asidePath = try files.moveAside(stamp: stamp())
      diagnostics(
        "warning: the database \(files.path) was damaged (\(reason)). "
          + "It was moved to \(asidePath) and a new, empty database was started. "
          + "Cached data will be fetched again; anything saved only on this machine is still in the moved file.")
      try files.createMainFileIfMissing()
      switch try attempt(check: false) {
      case .opened(let opened): pool = opened
      case .damaged(let reason): throw .cannotOpen(path: files.path, reason: reason)
      }
    }
    try migrate(pool)
    files.restrictPermissions()
    markers.opened(afterCheck: check)
    return OpenedDatabase(writer: pool, isReadOnly: false)
  }

  /// The file opened for reading on one read-only connection, with the read-write pool left for the first write;
  /// nil when the file must take the writing road: it is missing, not a WAL database, behind a migration, has a hot
  /// journal, or anything failed (that road meets the same problem and handles it).
  ///
  /// The connection is closed before nil is returned: the writing road may move a damaged file aside.
  private func openForReading() -> OpenedDatabase? {
    let path = files.path
    guard access(path, F_OK) == 0 else { return nil }
    var configuration = Configuration()
    configuration.readonly = true
    configuration.busyMode = .timeout(busyTimeout)
    // Foreign keys only check writes, which this connection never makes: one pragma fewer at every start.
    configuration.foreignKeysEnabled = false
    let connection: DatabaseQueue
    do {
      connection = try DatabaseQueue(path: path, configuration: counted(configuration))
    } catch {
      return nil
    }
    let migrator = migrator()
    let ready: Bool
    do {
      ready = try connection.read { db in
        try String.fetchOne(db, sql: "PRAGMA journal_mode") == "wal" && migrator.hasCompletedMigrations(db)
      }
    } catch {
      ready = false
    }
    guard ready else {
      try? connection.close()
      return nil
    }
    let opener = self
    return OpenedDatabase(reader: connection) { () throws(StorageError) in try opener.openWriter() }
  }

  /// The read-write pool of a file that the reading road opened: another process may be writing or migrating,
  /// so a busy file is tried again and the migrations run (each one that is applied already costs nothing).
  func openWriter() throws(StorageError) -> DatabasePool {
    let pool: DatabasePool
    do {
      pool = try retryingWhileBusy { try openPool() }
    } catch {
      switch error {
      case .damaged(let reason): throw .cannotOpen(path: files.path, reason: reason)
      case .other(let error): throw error
      }
    }
    try migrate(pool)
    files.restrictPermissions()
    return pool
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
    do {
      return try retryingWhileBusy { try attemptOnce(check: check) }
    } catch {
      switch error {
      case .damaged(let reason): return .damaged(reason: reason)
      case .other(let error): throw error
      }
    }
  }

  /// Why ``retryingWhileBusy(_:)`` gave up: the file is damaged, or another error.
  private enum OpenFailure: Error {
    case damaged(reason: String)
    case other(StorageError)
  }

  /// `body`'s result, trying again while SQLite answers `SQLITE_BUSY`, up to the busy timeout.
  private func retryingWhileBusy<T>(_ body: () throws -> T) throws(OpenFailure) -> T {
    let deadline = Date().addingTimeInterval(busyTimeout)
    var pause: useconds_t = 5_000
    while true {
      do {
        return try body()
      } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && Date() < deadline {
        usleep(pause)
        pause = min(pause * 2, 100_000)
      } catch let error as DatabaseError where Self.isDamage(error) {
        throw .damaged(reason: error.message ?? "\(error.resultCode)")
      } catch {
        throw .other(.cannotOpen(path: files.path, reason: Self.reason(error)))
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
    let path = files.path
    if check {
      let problems = try probeRows("PRAGMA quick_check", path: path, busyTimeout: busyTimeout)
      if problems != ["ok"] { return .damaged(reason: problems.prefix(3).joined(separator: "; ")) }
    } else {
      // Reads the header and schema only: a file that is not a database fails here, read-only, before a
      // read-write open could touch its journal.
      _ = try probeRows("PRAGMA schema_version", path: path, busyTimeout: busyTimeout)
    }
    return .opened(try openPool())
  }

  /// The read-write pool on the file, in persistent WAL mode.
  ///
  /// GRDB makes sure the `-wal` file is not empty with a throwaway write, which a clean close (that cuts the log to
  /// `journal_size_limit`, 0 bytes when it holds nothing) makes every time: the pool is for writing, so that costs a
  /// command that writes anyway.
  private func openPool() throws -> DatabasePool {
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
    return try DatabasePool(path: files.path, configuration: counted(configuration))
  }

  /// The rows of `sql` (a pragma) on a read-only connection, or on a read-write one when the file has a hot
  /// rollback journal.
  ///
  /// A process that ended inside a write before the file was in WAL mode (the app quit, or was killed, while its
  /// database was being made) leaves a hot journal. A read-only connection cannot roll it back and SQLite answers
  /// `SQLITE_READONLY_ROLLBACK`, on every open after. A read-write connection rolls it back first, as any open of
  /// the file would, and the pragma then sees the file as it was before that write.
  private func probeRows(_ sql: String, path: String, busyTimeout: TimeInterval) throws -> [String] {
    do {
      connectionOpened()
      return try Self.rows(sql, path: path, flags: SQLITE_OPEN_READONLY, busyTimeout: busyTimeout)
    } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_READONLY_ROLLBACK {
      connectionOpened()
      return try Self.rows(sql, path: path, flags: SQLITE_OPEN_READWRITE, busyTimeout: busyTimeout)
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
  /// files they need, and a read-only connection can open the file without creating them. Nothing is lost:
  /// closing still checkpoints, and `journal_size_limit` then cuts the log to 0 bytes.
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
    let migrator = migrator()
    var attempt = 1
    while true {
      do {
        try migrator.migrate(pool)
        return
      } catch {
        guard attempt < Self.migrationAttempts else {
          throw .migrationFailed(path: files.path, reason: Self.reason(error))
        }
        attempt += 1
      }
    }
  }

  /// A migrator that knows every migration, in order.
  private func migrator() -> DatabaseMigrator {
    var migrator = DatabaseMigrator()
    for migration in migrations {
      migrator.registerMigration(migration.identifier, migrate: migration.migrate)
    }
    return migrator
  }

  private static func reason(_ error: any Error) -> String {
    if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
    return "\(error)"
  }
}

/// An open database: the connection reads use, the read-write pool writes use, and whether writing is allowed.
///
/// The pool is there from the start when the file took the writing road; otherwise it is opened by the first
/// write, once, and reads keep their read-only connection (in WAL mode it sees every commit).
final class OpenedDatabase: Sendable {
  let reader: any DatabaseReader
  let isReadOnly: Bool
  private let pool: OpenOnce<any DatabaseWriter>
  private let openPool: @Sendable () throws -> any DatabaseWriter
  /// The read-only connection of the reading road, closed before the pool so that the pool's connection is the
  /// last one and checkpoints the log when it closes.
  private let readConnection: DatabaseQueue?

  /// Reads and writes both use `writer`.
  init(writer: any DatabaseWriter, isReadOnly: Bool) {
    reader = writer
    self.isReadOnly = isReadOnly
    pool = OpenOnce(ready: writer)
    openPool = { writer }
    readConnection = nil
  }

  /// Reads use `reader`; `openPool` opens the read-write pool at the first write.
  init(reader: DatabaseQueue, openPool: @escaping @Sendable () throws(StorageError) -> DatabasePool) {
    self.reader = reader
    isReadOnly = false
    pool = OpenOnce()
    self.openPool = { try openPool() }
    readConnection = reader
  }

  /// The read-write pool, opened now when this is the first write.
  func writer() async throws -> any DatabaseWriter {
    try await pool.value(openPool)
  }

  /// `PRAGMA data_version` on one fixed connection, outside a transaction: the reading road's read-only
  /// connection when there is one (looking opens nothing more), else the pool's writing connection.
  func dataVersion() async throws -> Int {
    if let readConnection {
      return try await readConnection.unsafeRead { db in
        try Int.fetchOne(db.cachedStatement(sql: "PRAGMA data_version")) ?? 0
      }
    }
    return try await writer().writeWithoutTransaction { db in
      try Int.fetchOne(db.cachedStatement(sql: "PRAGMA data_version")) ?? 0
    }
  }

  /// Empties the log at the end of the process, as closing the last connection would, but closes nothing: another
  /// task may still be reading or writing, and a connection closed under it would crash the process. On the
  /// writing connection, after any write in progress: a checkpoint that copies every page back and cuts the log to
  /// 0 bytes (`TRUNCATE`), given up at once, without the busy timeout, while any connection of this process or
  /// another one still reads (the log then stays, and the next open recovers it). Nothing to do where nothing was
  /// written: no pool was opened, or the home is read-only.
  func emptyLogAtEnd() {
    guard !isReadOnly, let writer = pool.current else { return }
    try? writer.writeWithoutTransaction { db in
      let busyTimeout = try Int.fetchOne(db, sql: "PRAGMA busy_timeout") ?? 0
      try db.execute(sql: "PRAGMA busy_timeout = 0")
      defer { try? db.execute(sql: "PRAGMA busy_timeout = \(busyTimeout)") }
      _ = try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)")
    }
  }

  deinit {
    try? readConnection?.close()
  }
}
