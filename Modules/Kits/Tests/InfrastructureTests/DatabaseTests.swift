import Dispatch
import Foundation
import GRDB
import InfrastructureTesting
import TestScheduling
import Testing

@testable import Infrastructure

@Suite(.untimed) struct DatabaseTests {
  let directory: TemporaryDirectory
  let home: URL

  init() throws {
    directory = try TemporaryDirectory()
    home = directory.child("home")
  }

  private func makeDatabase(
    migrations: [DatabaseMigration] = [],
    diagnostics: DiagnosticsRecorder = DiagnosticsRecorder(),
    clock: any AppClock = SystemClock()
  ) -> Infrastructure.Database {
    Infrastructure.Database(directory: home, migrations: migrations, clock: clock, diagnostics: diagnostics.sink)
  }

  private static func notesMigration(counter: Counter) -> DatabaseMigration {
    DatabaseMigration("tests.notes.v1") { db in
      counter.increment()
      try db.execute(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)")
    }
  }

  @Test func constructingTouchesNothing() async throws {
    let database = makeDatabase()
    #expect(!FileManager.default.fileExists(atPath: home.path))
    #expect(!FileManager.default.fileExists(atPath: database.fileURL.path))
    #expect(database.openCount.load(ordering: .relaxed) == 0)

    try await database.read { _ in }
    #expect(FileManager.default.fileExists(atPath: database.fileURL.path))
  }

  /// A read runs on its caller's thread, so it checks cancellation itself: a task cancelled before its read gets
  /// `CancellationError` and the body never runs; the database stays usable.
  @Test func aCancelledTaskGetsCancellationErrorAndItsReadDoesNotRun() async throws {
    let database = makeDatabase()
    try await database.open()
    let ran = Counter()
    let reading = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await database.read { _ in ran.increment() }
    }
    await #expect(throws: CancellationError.self) { try await reading.value }
    #expect(ran.value == 0)
    #expect(try await database.read { db in try Int.fetchOne(db, sql: "SELECT 1") } == 1)
  }

  /// A new file takes the writing road: the probe, the pool's writer and at most its two readers, once however
  /// many tasks start at the same time.
  @Test func concurrentFirstUseOpensOnce() async throws {
    let counter = Counter()
    let database = makeDatabase(migrations: [Self.notesMigration(counter: counter)])
    try await withThrowingTaskGroup(of: Int.self) { group in
      for _ in 0..<16 {
        group.addTask {
          try await database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM notes") ?? -1 }
        }
      }
      for try await count in group { #expect(count == 0) }
    }
    #expect((2...4).contains(database.openCount.load(ordering: .relaxed)))
    #expect(counter.value == 1)
  }

  /// A file in WAL mode with every migration applied is read on one read-only connection, however many reads
  /// start at once, and a read changes neither the file nor its log: same size, same modification time, the log
  /// at 0 bytes (only `-shm`, SQLite's shared-memory index, may change).
  @Test func aReadOfAWarmFileOpensItOnceAndWritesNothing() async throws {
    let counter = Counter()
    do {
      let database = makeDatabase(migrations: [Self.notesMigration(counter: counter)])
      try await database.write { db in try db.execute(sql: "INSERT INTO notes (text) VALUES ('kept')") }
    }
    let main = home.appendingPathComponent(Infrastructure.Database.defaultFileName).path
    let before = try [main, main + "-wal"].map(FileStamp.init(path:))
    #expect(before[1].size == 0, "a clean close leaves the log empty")

    do {
      let database = makeDatabase(migrations: [Self.notesMigration(counter: counter)])
      try await withThrowingTaskGroup(of: [String].self) { group in
        for _ in 0..<16 {
          group.addTask { try await database.read { db in try String.fetchAll(db, sql: "SELECT text FROM notes") } }
        }
        for try await texts in group { #expect(texts == ["kept"]) }
      }
      #expect(database.openCount.load(ordering: .relaxed) == 1)
      #expect(try await !database.isReadOnly(), "the file is still writable: only the reads took the reading road")
    }
    #expect(try [main, main + "-wal"].map(FileStamp.init(path:)) == before)
    #expect(counter.value == 1)
  }

  /// After reads on the read-only connection, the first write opens the read-write pool; reads then see it, and
  /// closing leaves the log empty again (the pool's writer closes last and checkpoints).
  @Test func theFirstWriteAfterReadsOpensThePoolAndTheLogIsEmptiedOnClose() async throws {
    let counter = Counter()
    do {
      let database = makeDatabase(migrations: [Self.notesMigration(counter: counter)])
      try await database.write { db in try db.execute(sql: "INSERT INTO notes (text) VALUES ('first')") }
    }
    let main = home.appendingPathComponent(Infrastructure.Database.defaultFileName).path
    do {
      let database = makeDatabase(migrations: [Self.notesMigration(counter: counter)])
      #expect(try await database.read { db in try String.fetchAll(db, sql: "SELECT text FROM notes") } == ["first"])
      #expect(database.openCount.load(ordering: .relaxed) == 1)
      try await database.write { db in try db.execute(sql: "INSERT INTO notes (text) VALUES ('second')") }
      #expect(database.openCount.load(ordering: .relaxed) == 2, "the pool's writer, opened by the write")
      let texts = try await database.read { db in try String.fetchAll(db, sql: "SELECT text FROM notes ORDER BY id") }
      #expect(texts == ["first", "second"])
      #expect(try FileStamp(path: main + "-wal").size > 0, "the write is in the log while the database is open")
    }
    #expect(try FileStamp(path: main + "-wal").size == 0)
    let reopened = makeDatabase(migrations: [Self.notesMigration(counter: counter)])
    #expect(try await reopened.read { db in try String.fetchAll(db, sql: "SELECT text FROM notes") }.count == 2)
  }

  /// A database something still holds when the process ends normally (the app exits without freeing what a
  /// command built) has its log emptied by the end's actions, as closing the last connection would, and its open
  /// marker removed, on both roads: a fresh file (the pool from the start) and a warm one (the read-only
  /// connection, then the pool opened by a write). It closes nothing: the database still reads and writes after.
  @Test(arguments: [false, true])
  func aDatabaseStillHeldAtTheProcessEndHasItsLogEmptiedAndStaysUsable(warm: Bool) async throws {
    let counter = Counter()
    if warm {
      try await makeDatabase(migrations: [Self.notesMigration(counter: counter)]).open()
    }
    let main = home.appendingPathComponent(Infrastructure.Database.defaultFileName).path
    func markers() throws -> [String] {
      try FileManager.default.contentsOfDirectory(atPath: home.path).filter { $0.contains(".open-") }
    }
    let held = makeDatabase(migrations: [Self.notesMigration(counter: counter)])
    #expect(try await held.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM notes") } == 0)
    try await held.write { db in try db.execute(sql: "INSERT INTO notes (text) VALUES ('kept')") }
    #expect(try FileStamp(path: main + "-wal").size > 0, "the write is in the log while the database is open")
    #expect(try markers().count == 1)
    held.endWithProcess()
    #expect(try FileStamp(path: main + "-wal").size == 0)
    #expect(try markers().isEmpty)
    #expect(try await held.read { db in try String.fetchAll(db, sql: "SELECT text FROM notes") } == ["kept"])
    try await held.write { db in try db.execute(sql: "INSERT INTO notes (text) VALUES ('after')") }
    // The checkpoint gave up waiting only for itself: a write still waits its busy timeout (5 s by default).
    #expect(try await held.write { db in try Int.fetchOne(db, sql: "PRAGMA busy_timeout") } == 5000)
    let reopened = makeDatabase(migrations: [Self.notesMigration(counter: counter)])
    let texts = try await reopened.read { db in try String.fetchAll(db, sql: "SELECT text FROM notes ORDER BY id") }
    #expect(texts == ["kept", "after"])
  }

  /// The paths the open's system calls use are the URL's, split once: the file, its directory and its name.
  @Test(arguments: [
    ("/srv/app/app.sqlite", "/srv/app", "app.sqlite"), ("/app.sqlite", "/", "app.sqlite"),
    ("/home/zoë/.local/share/app/app.sqlite", "/home/zoë/.local/share/app", "app.sqlite"),
  ])
  func theFilesPathsAreTheURLs(path: String, directory: String, name: String) {
    let files = DatabaseFiles(fileURL: URL(fileURLWithPath: path))
    #expect(files.path == path)
    #expect(files.directoryPath == directory)
    #expect(files.directoryPath == files.fileURL.deletingLastPathComponent().path)
    #expect(files.fileName == name)
  }

  /// While a task still reads when the process ends, the end's checkpoint gives up (the log stays, for the next open
  /// to recover), and the read goes on and finishes on its connection, which is still open.
  @Test(arguments: [false, true])
  func theEndBreaksNoReadInProgress(warm: Bool) async throws {
    let counter = Counter()
    if warm {
      try await makeDatabase(migrations: [Self.notesMigration(counter: counter)]).open()
    }
    let main = home.appendingPathComponent(Infrastructure.Database.defaultFileName).path
    let held = makeDatabase(migrations: [Self.notesMigration(counter: counter)])
    try await held.write { db in try db.execute(sql: "INSERT INTO notes (text) VALUES ('kept')") }
    let inside = DispatchSemaphore(value: 0)
    let gate = DispatchSemaphore(value: 0)
    // A read runs on the thread of the task that asks for it, and this one blocks that thread until `gate` opens:
    // a thread of its own, so that the shared pool (one thread per core) still runs the test and its other cases.
    let reading = Task(executorPreference: QueueTaskExecutor(label: "tests.held-read")) {
      try await held.read { db in
        let texts = try String.fetchAll(db, sql: "SELECT text FROM notes")
        inside.signal()
        gate.wait()
        return texts + (try String.fetchAll(db, sql: "SELECT text FROM notes"))
      }
    }
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        inside.wait()
        continuation.resume()
      }
    }
    held.endWithProcess()
    #expect(try FileStamp(path: main + "-wal").size > 0, "a reader holds the log's pages: the checkpoint gave up")
    gate.signal()
    #expect(try await reading.value == ["kept", "kept"])
    #expect(try await held.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM notes") } == 1)
  }

  @Test func migrationsApplyOnceAndAgainIdempotentlyOnReopen() async throws {
    let counter = Counter()
    do {
      let database = makeDatabase(migrations: [Self.notesMigration(counter: counter)])
      try await database.write { db in try db.execute(sql: "INSERT INTO notes (text) VALUES ('kept')") }
      let applied = try await database.read { db in
        try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
      }
      #expect(
        applied == [
          "infrastructure.cache-entries.v1", "infrastructure.cache-entries.v2-origin-size",
          "infrastructure.pending-changes.v1", "infrastructure.user-data.v1", "infrastructure.pending-changes.v2",
          "tests.notes.v1",
        ])
      #expect(try await database.read { db in try db.tableExists("cache_entries") })
    }

    let laterCounter = Counter()
    let later = DatabaseMigration("tests.tags.v1") { db in
      laterCounter.increment()
      try db.execute(sql: "CREATE TABLE tags (name TEXT PRIMARY KEY)")
    }
    let reopened = makeDatabase(migrations: [Self.notesMigration(counter: counter), later])
    let notes = try await reopened.read { db in try String.fetchAll(db, sql: "SELECT text FROM notes") }
    #expect(notes == ["kept"])
    #expect(counter.value == 1)
    #expect(laterCounter.value == 1)
    #expect(try await reopened.read { db in try db.tableExists("tags") })

    let again = makeDatabase(migrations: [Self.notesMigration(counter: counter), later])
    try await again.open()
    #expect(counter.value == 1)
    #expect(laterCounter.value == 1)
  }

  @Test(arguments: 1...3)
  func twoPoolsOnOneFileWriteConcurrentlyWithoutLosingAnything(round: Int) async throws {
    // Two `Database` values are two `DatabasePool`s with their own connections, like two app processes.
    // They also open and migrate at the same moment; the migration below has no IF NOT EXISTS on purpose.
    let counter = Counter()
    let recorder = DiagnosticsRecorder()
    let first = makeDatabase(migrations: [Self.notesMigration(counter: counter)], diagnostics: recorder)
    let second = makeDatabase(migrations: [Self.notesMigration(counter: counter)], diagnostics: recorder)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for (name, database) in [("first", first), ("second", second)] {
        group.addTask {
          for index in 0..<200 {
            try await database.write { db in
              try db.execute(sql: "INSERT INTO notes (text) VALUES (?)", arguments: ["\(name)-\(index)"])
            }
          }
        }
      }
      try await group.waitForAll()
    }
    let counts = try await first.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT substr(text, 1, instr(text, '-') - 1) AS name, COUNT(*) AS count
          FROM notes GROUP BY name ORDER BY name
          """
      )
      .map { "\($0["name"] as String): \($0["count"] as Int)" }
    }
    #expect(counts == ["first: 200", "second: 200"])
    // When both migrate at the same instant, the loser's attempt runs the closure, fails (table exists) and is
    // rolled back together with its identifier; the table exists once either way.
    #expect(counter.value >= 1)
    #expect(recorder.recorded == [])
  }

  @Test func garbageFileIsMovedAsideAndAFreshDatabaseStarts() async throws {
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    let fileURL = home.appendingPathComponent(Infrastructure.Database.defaultFileName)
    let garbage = Data(String(repeating: "this is not a database, it is a shopping list\n", count: 100).utf8)
    let garbageWAL = Data("stray journal".utf8)
    try garbage.write(to: fileURL)
    try garbageWAL.write(to: URL(fileURLWithPath: fileURL.path + "-wal"))
    let recorder = DiagnosticsRecorder()
    let clock = ManualClock(Date(timeIntervalSince1970: 1_700_000_000))  // 2023-11-14 22:13:20 UTC

    let database = makeDatabase(diagnostics: recorder, clock: clock)
    try await database.write { db in try db.execute(sql: "CREATE TABLE fresh (id INTEGER PRIMARY KEY)") }

    let asidePath = fileURL.path + ".corrupt-20231114-221320"
    #expect(recorder.recorded.count == 1)
    let message = try #require(recorder.recorded.first)
    #expect(message.contains(fileURL.path))
    #expect(message.contains(asidePath))
    #expect(FileManager.default.contents(atPath: asidePath) == garbage)
    #expect(FileManager.default.contents(atPath: asidePath + "-wal") == garbageWAL)
    #expect(try await database.read { db in try db.tableExists("fresh") && db.tableExists("cache_entries") })

    let reopened = makeDatabase(diagnostics: recorder, clock: clock)
    #expect(try await reopened.read { db in try db.tableExists("fresh") })
    #expect(recorder.recorded.count == 1)
  }

  @Test func damagedPagesAreDetectedAndTheFileMovedAside() async throws {
    do {
      let database = makeDatabase()
      try await database.write { db in
        try db.execute(sql: "CREATE TABLE filler (id INTEGER PRIMARY KEY, text TEXT NOT NULL)")
        for index in 0..<2_000 {
          let text = String(repeating: "x", count: 50 + index % 7)
          try db.execute(sql: "INSERT INTO filler (text) VALUES (?)", arguments: [text])
        }
      }
    }
    let fileURL = home.appendingPathComponent(Infrastructure.Database.defaultFileName)
    // Fold the WAL into the main file, then scribble over the pages after the schema page.
    let checkpoint = try DatabaseQueue(path: fileURL.path)
    _ = try await checkpoint.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
    try checkpoint.close()
    var bytes = try Data(contentsOf: fileURL)
    #expect(bytes.count > 32_768)
    for offset in 8_192..<min(bytes.count, 65_536) {
      bytes[offset] = UInt8(truncatingIfNeeded: offset &* 31)
    }
    try bytes.write(to: fileURL)

    // The file closed cleanly, so the next open does not read it all: the damage shows when it is read.
    let unaware = makeDatabase()
    await #expect(throws: DatabaseError.self) {
      try await unaware.read { db in try String.fetchAll(db, sql: "SELECT text FROM filler") }
    }
    #expect(FileManager.default.fileExists(atPath: fileURL.path + ".check"), "the damage is noted for the next open")

    let recorder = DiagnosticsRecorder()
    let database = makeDatabase(diagnostics: recorder, clock: ManualClock())
    #expect(try await database.read { db in try !db.tableExists("filler") })
    #expect(recorder.recorded.count == 1)
    #expect(FileManager.default.contents(atPath: fileURL.path + ".corrupt-20231114-221320") == bytes)
    #expect(!FileManager.default.fileExists(atPath: fileURL.path + ".check"))
  }

  @Test func aFileLeftOpenByAProcessThatIsGoneIsCheckedOnce() async throws {
    let fileURL = home.appendingPathComponent(Infrastructure.Database.defaultFileName)
    try await makeDatabase().write { db in try db.execute(sql: "CREATE TABLE t (x)") }
    // A process that had the file open and was killed leaves its marker; no process has this pid.
    let gone = home.appendingPathComponent(Infrastructure.Database.defaultFileName + ".open-999999999")
    #expect(FileManager.default.createFile(atPath: gone.path, contents: nil))
    #expect(DatabaseUseMarkers(files: DatabaseFiles(fileURL: fileURL)).checkNeeded())

    let database = makeDatabase()
    try await database.open()
    #expect(!FileManager.default.fileExists(atPath: gone.path), "the check answered it")
    #expect(!DatabaseUseMarkers(files: DatabaseFiles(fileURL: fileURL)).checkNeeded())
    #expect(try await database.read { db in try db.tableExists("t") })
  }

  /// A process that ended inside a write before its file was in WAL mode (the app quit while its database was
  /// being made) leaves a hot rollback journal, which a read-only connection cannot roll back (SQLite answers
  /// `SQLITE_READONLY_ROLLBACK`): the open rolls it back, as SQLite's own recovery does, and goes on.
  @Test func aHotJournalLeftByAProcessThatEndedInsideAWriteIsRolledBack() async throws {
    let name = Infrastructure.Database.defaultFileName
    let source = directory.child("source")
    try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    let queue = try DatabaseQueue(path: source.appendingPathComponent(name).path)
    try await queue.write { db in try db.execute(sql: "CREATE TABLE kept (x); INSERT INTO kept VALUES (1)") }
    // The file and its journal as a process left them in the middle of a transaction. A page cache of two pages
    // makes SQLite spill changed pages into the file before the commit, which it does only after syncing the
    // journal and writing its header: from then on the journal is hot.
    try await queue.writeWithoutTransaction { db in
      try db.execute(sql: "PRAGMA cache_size = 2")
      try db.inTransaction {
        try db.execute(sql: "DELETE FROM kept; CREATE TABLE lost (x)")
        for _ in 0..<500 { try db.execute(sql: "INSERT INTO lost VALUES (zeroblob(1000))") }
        for suffix in ["", "-journal"] {
          try FileManager.default.copyItem(
            at: source.appendingPathComponent(name + suffix), to: home.appendingPathComponent(name + suffix))
        }
        return .rollback
      }
    }
    let journal = try Data(contentsOf: home.appendingPathComponent(name + "-journal"))
    #expect(journal.first != 0, "the journal's header is written: SQLite sees it as hot")

    let database = makeDatabase()
    try await database.open()
    #expect(try await database.read { db in try Int.fetchAll(db, sql: "SELECT x FROM kept") } == [1])
    #expect(try await database.read { db in try db.tableExists("lost") } == false, "the transaction is undone")
  }

  @Test func filesAreForTheOwnerOnly() async throws {
    let database = makeDatabase()
    try await database.write { db in try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY)") }
    #expect(try permissions(of: home.path) == 0o700)
    for suffix in ["", "-wal", "-shm"] {
      let path = database.fileURL.path + suffix
      #expect(FileManager.default.fileExists(atPath: path), "\(path)")
      #expect(try permissions(of: path) == 0o600, "\(path)")
    }
  }

  @Test func anExistingLooseFileIsTightened() async throws {
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    let fileURL = home.appendingPathComponent(Infrastructure.Database.defaultFileName)
    #expect(FileManager.default.createFile(atPath: fileURL.path, contents: nil, attributes: [.posixPermissions: 0o644]))
    try await makeDatabase().open()
    #expect(try permissions(of: fileURL.path) == 0o600)
  }

  @Test func aDirectoryThatCannotBeCreatedIsReported() async throws {
    let blocker = directory.url.appendingPathComponent("a-file")
    try Data("x".utf8).write(to: blocker)
    let database = Infrastructure.Database(directory: blocker.appendingPathComponent("home"), diagnostics: { _ in })
    let error = try await #require(throws: StorageError.self) { try await database.open() }
    guard case .directoryNotCreatable(let path, _) = error else {
      Issue.record("unexpected \(error)")
      return
    }
    #expect(path == blocker.appendingPathComponent("home").path)
    #expect(error.description.contains(path))
    #expect(error.description.contains("APP_HOME"))
  }

  @Test func aFileWhereTheDirectoryShouldBeIsReported() async throws {
    try Data("x".utf8).write(to: home)
    let error = try await #require(throws: StorageError.self) { try await makeDatabase().open() }
    #expect(error == .notADirectory(path: home.path))
    #expect(error.description.contains("APP_HOME"))
  }

  @Test func aDatabasePathSQLiteCannotOpenIsReportedAndLeftAlone() async throws {
    let fileURL = home.appendingPathComponent(Infrastructure.Database.defaultFileName)
    try FileManager.default.createDirectory(at: fileURL, withIntermediateDirectories: true)
    let recorder = DiagnosticsRecorder()
    let error = try await #require(throws: StorageError.self) { try await makeDatabase(diagnostics: recorder).open() }
    guard case .cannotOpen(let path, _) = error else {
      Issue.record("unexpected \(error)")
      return
    }
    #expect(path == fileURL.path)
    #expect(recorder.recorded.isEmpty)
    var isDirectory: ObjCBool = false
    #expect(FileManager.default.fileExists(atPath: fileURL.path, isDirectory: &isDirectory) && isDirectory.boolValue)
  }

  @Test func duplicateMigrationIdentifiersAreReported() async throws {
    let counter = Counter()
    let notes = Self.notesMigration(counter: counter)
    let database = makeDatabase(migrations: [notes, notes])
    let error = try await #require(throws: StorageError.self) { try await database.open() }
    #expect(error == .duplicateMigration(identifier: "tests.notes.v1"))
    #expect(counter.value == 0)
  }

  @Test func aFailingMigrationIsReportedAndRolledBack() async throws {
    let broken = DatabaseMigration("tests.broken.v1") { db in
      try db.execute(sql: "CREATE TABLE half (id INTEGER PRIMARY KEY)")
      try db.execute(sql: "INSERT INTO missing_table VALUES (1)")
    }
    let database = makeDatabase(migrations: [broken])
    let error = try await #require(throws: StorageError.self) { try await database.open() }
    guard case .migrationFailed(_, let reason) = error else {
      Issue.record("unexpected \(error)")
      return
    }
    #expect(reason.contains("missing_table"))
    let check = makeDatabase()
    #expect(try await check.read { db in try !db.tableExists("half") && db.tableExists("cache_entries") })
  }
}

/// Runs a task's jobs on a serial dispatch queue's thread, outside Swift concurrency's shared pool: for a test whose
/// task must block its thread.
final class QueueTaskExecutor: TaskExecutor {
  private let queue: DispatchQueue

  init(label: String) {
    queue = DispatchQueue(label: label)
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
  }
}
