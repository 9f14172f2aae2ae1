import Dispatch
import Foundation
import GRDB
import Synchronization

/// The app's SQLite store: one WAL database file under the app home directory, opened on first use.
///
/// - The directory is created with mode 0700, the database files get mode 0600.
/// - WAL mode and a busy timeout let several app processes read and write at once.
/// - Modules contribute ``DatabaseMigration``s; they run once, in order, when the file is opened.
/// - A damaged file, or one that is not a database, is moved aside to `<name>.corrupt-<yyyyMMdd-HHmmss>` (UTC),
///   the user is told once through the diagnostics sink, and a fresh database is started. Nothing is deleted.
/// - The initializer does no I/O; the first ``read(_:)`` or ``write(_:)`` opens the file, exactly once even
///   when many tasks start at the same time.
public final class Database: Sendable {
  /// The file name used when none is given.
  public static let defaultFileName = "app.sqlite"

  /// The migrations every database gets before the contributed ones: the generic cache table, the changes that
  /// wait for their origin, and the user's own data.
  public static let builtInMigrations = [
    CacheTable.migration, CacheTable.originMigration, ChangeTable.migration, UserDataTable.migration,
    ChangeTable.holdsMigration,
  ]

  /// The database file.
  public let fileURL: URL
  /// How much the cache table may keep; every cache write prunes it to these.
  public let cacheLimits: CacheLimits

  private let files: DatabaseFiles
  private let markers: DatabaseUseMarkers
  private let migrations: [DatabaseMigration]
  private let busyTimeout: TimeInterval
  private let clock: any AppClock
  private let diagnostics: @Sendable (String) -> Void
  private let opening = OpenOnce<OpenedDatabase>()
  /// How many connections this database opened on its file: tests check that the file is opened once however many
  /// tasks start at the same time, and that a read opens it at most twice.
  let openCount = Atomic<Int>(0)
  private let readOnlyWarned = Atomic<Bool>(false)

  /// Describes a database file in `directory`; nothing is touched until the first use.
  ///
  /// - Parameters:
  ///   - directory: The app home directory; created (mode 0700) when missing.
  ///   - fileName: The database file name inside `directory`.
  ///   - migrations: The modules' migrations, applied after ``builtInMigrations``, in this order.
  ///   - busyTimeout: How long a write waits for another process's write to finish.
  ///   - clock: Names moved-aside files.
  ///   - cacheLimits: How much the cache table may keep.
  ///   - diagnostics: Told, once, when a damaged file is moved aside (standard error in the app).
  public init(
    directory: URL,
    fileName: String = Database.defaultFileName,
    migrations: [DatabaseMigration] = [],
    busyTimeout: TimeInterval = 5,
    clock: any AppClock = SystemClock(),
    cacheLimits: CacheLimits = .standard,
    diagnostics: @escaping @Sendable (String) -> Void
  ) {
    fileURL = directory.appendingPathComponent(fileName, isDirectory: false)
    self.cacheLimits = cacheLimits
    files = DatabaseFiles(fileURL: fileURL)
    markers = DatabaseUseMarkers(files: files)
    self.migrations = Self.builtInMigrations + migrations
    self.busyTimeout = busyTimeout
    self.clock = clock
    self.diagnostics = diagnostics
  }

  /// Opens the database now instead of on first use, to report a ``StorageError`` early.
  public func open() async throws(StorageError) {
    do {
      _ = try await pool()
    } catch let error as StorageError {
      throw error
    } catch {
      // Opening only fails with StorageError; this keeps the signature honest should that change.
      throw .cannotOpen(path: files.path, reason: "\(error)")
    }
  }

  /// Starts opening the database on a thread of its own, unless it is open or opening, and returns at once: a read
  /// that comes later waits for that open. A failure is left to the next use, which tries again and reports it.
  public func startOpening() {
    opening.start(making)
  }

  /// Opens the database on the calling thread, unless it is open or opening, and returns when it is done: a read
  /// that comes meanwhile waits for this open. For a thread with nothing else to do (the app's main thread once it
  /// has handed a command over), which saves waking another. A failure is left to the next use, as with
  /// ``startOpening()``.
  public func openOnThisThread() {
    opening.makeHere(making)
  }

  /// Runs `body` in a read-only transaction and returns its result.
  ///
  /// The read runs on the calling thread, as a synchronous call: it is short, bounded work on a connection no
  /// task waits on while holding it, and handing it to the connection's queue and back woke two more threads for
  /// each read. A task cancelled before the read starts gets `CancellationError`.
  ///
  /// - Throws: ``StorageError`` when the database cannot be opened, or what `body` or SQLite throws.
  public func read<T: Sendable>(_ body: @Sendable (GRDB.Database) throws -> T) async throws -> T {
    let opened = try await pool()
    do {
      try Task.checkCancellation()
      return try Self.readHere(opened.reader, body)
    } catch {
      throw noting(error)
    }
  }

  /// `reader`'s synchronous read: in an `async` function the asynchronous overload is the one chosen.
  private static func readHere<T>(_ reader: any DatabaseReader, _ body: (GRDB.Database) throws -> T) throws -> T {
    try reader.read(body)
  }

  /// SQLite's `PRAGMA data_version` on one fixed connection of this process, read outside a transaction: it moves
  /// when another connection commits to the file (another process's; and, on the read-only connection a warm file
  /// is read with, this process's own writing one). `nil` on a read-only home, where the app follows nothing. It
  /// opens no connection the reads do not open already, but the writing one on a file that needed it.
  ///
  /// - Throws: ``StorageError`` when the database cannot be opened, or what SQLite throws.
  public func dataVersion() async throws -> Int? {
    let opened = try await pool()
    guard !opened.isReadOnly else { return nil }
    do {
      return try await opened.dataVersion()
    } catch {
      throw noting(error)
    }
  }

  /// Yields each time another connection committed to the file since the last look, looking every `interval`
  /// (``dataVersion()``); the mark is set before it returns, so a commit made after the call is seen. Ends at once
  /// on a read-only home, and when the database cannot be read; stopping the iteration stops the looking.
  public func commitsElsewhere(every interval: Duration) async -> AsyncStream<Void> {
    let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    guard let first = try? await dataVersion() else {
      continuation.finish()
      return stream
    }
    let looking = Task { [self] in
      var mark = first
      while !Task.isCancelled {
        try? await Task.sleep(for: interval)
        guard !Task.isCancelled, let version = try? await dataVersion() else { break }
        if version != mark {
          mark = version
          continuation.yield()
        }
      }
      continuation.finish()
    }
    continuation.onTermination = { _ in looking.cancel() }
    return stream
  }

  /// Whether the database could only be opened for reading: `APP_HOME` is not writable by this user. Reads work;
  /// ``write(_:)`` throws ``StorageError/readOnly(path:)``, and cache writes are skipped with one warning.
  public func isReadOnly() async throws -> Bool {
    try await pool().isReadOnly
  }

  /// Runs `body` in a write transaction, committed when it returns and rolled back when it throws.
  ///
  /// - Throws: ``StorageError`` when the database cannot be opened, or what `body` or SQLite throws.
  public func write<T: Sendable>(_ body: @Sendable (GRDB.Database) throws -> T) async throws -> T {
    let opened = try await pool()
    if opened.isReadOnly { throw StorageError.readOnly(path: files.directoryPath) }
    do {
      return try await opened.writer().write(body)
    } catch {
      throw noting(error)
    }
  }

  /// Runs `body` in a write transaction for the cache; on a read-only database it writes nothing and says so once
  /// through the diagnostics: what was fetched is still shown, only not kept.
  func writeToCache(_ body: @Sendable (GRDB.Database) throws -> Void) async throws {
    guard try await !pool().isReadOnly else {
      if !readOnlyWarned.exchange(true, ordering: .relaxed) {
        diagnostics(
          "warning: \(files.directoryPath) is not writable by you: "
            + "what is fetched now is shown but not cached")
      }
      return
    }
    try await write(body)
  }

  /// `error`, after noting a damaged file so that the next open checks it (and moves it aside).
  private func noting(_ error: any Error) -> any Error {
    if let error = error as? DatabaseError, DatabaseOpener.isDamage(error) { markers.damageSeen() }
    return error
  }

  /// What the normal end of the process does to a database something still holds (the process ends without
  /// freeing what a command built, and a dispatch thread that opened it may not have let go yet): empties the log as
  /// closing the last connection would, without closing any (a task may still use one), and records the close. A
  /// database no longer held did both in its `deinit`.
  func endWithProcess() {
    opening.current?.emptyLogAtEnd()
    markers.closed()
  }

  deinit {
    if opening.current != nil { markers.closed() }
  }

  /// The open database; the first caller opens it off the cooperative thread pool, later ones wait for it.
  private func pool() async throws -> OpenedDatabase {
    try await opening.value(making)
  }

  /// How the database is opened, on the thread ``opening`` runs it on.
  private var making: @Sendable () throws -> OpenedDatabase {
    { [self] in
      let opener = DatabaseOpener(
        files: files, migrations: migrations, busyTimeout: busyTimeout,
        connectionOpened: { [weak self] in self?.openCount.add(1, ordering: .relaxed) })
      let opened = try opener.open(
        stamp: { [clock] in DatabaseFiles.stamp(for: clock.now()) }, diagnostics: diagnostics)
      ProcessEnd.onNormalEnd { [weak self] in self?.endWithProcess() }
      return opened
    }
  }
}
