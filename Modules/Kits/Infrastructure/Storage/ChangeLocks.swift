import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The locks that let one sender at a time send the changes of a key, held by the kernel.
///
/// Each key maps to one of 16 lock files in `<APP_HOME>/locks` (`sending-0.lock` … `sending-f.lock`), opened with
/// `O_CLOEXEC` and mode 0600 and locked with `flock`. A `flock` lock belongs to the open file description, so:
/// - the kernel lets go of it when the process that holds it dies, however it dies (a kill -9 included), and a
///   reused process id holds nothing;
/// - two senders in one process, each with its own ``ChangeLocks``'s descriptor, exclude each other too.
///
/// The lock files are never the database's own files (`app.sqlite`, `-wal`, `-shm`): closing another descriptor on
/// those would drop SQLite's POSIX locks. Taking a lock never blocks: ``tryHold(_:note:)`` answers at once, and a
/// sender that must wait asks again after a pause, off the cooperative pool's threads' time.
public final class ChangeLocks: Sendable {
  /// One held lock; it is let go of by ``release()`` or when the value is freed.
  public final class Held: Sendable {
    private let descriptor: Mutex<Int32>

    init(descriptor: Int32) {
      self.descriptor = Mutex(descriptor)
    }

    /// Lets go of the lock (closing its descriptor); later calls do nothing.
    public func release() {
      descriptor.withLock { fd in
        guard fd >= 0 else { return }
        close(fd)
        fd = -1
      }
    }

    deinit { release() }
  }

  /// The directory of the lock files.
  public let directory: URL
  private let held = Mutex<[ObjectIdentifier: Held]>([:])

  /// The locks kept in `directory` (`<APP_HOME>/locks`); nothing is touched until a lock is asked for.
  public init(directory: URL) {
    self.directory = directory
  }

  /// The locks of the database `database`: in `locks` beside its file.
  public convenience init(besides database: Database) {
    self.init(directory: database.fileURL.deletingLastPathComponent().appendingPathComponent("locks"))
  }

  /// The lock file that holds `identity`.
  public func fileURL(for identity: String) -> URL {
    let bucket = SHA256Digest.hex(identity).prefix(1)
    return directory.appendingPathComponent("sending-\(bucket).lock")
  }

  /// Takes the lock of `identity` when no other holder has it, or answers `nil` at once. The holder writes its
  /// process id and `note` (what it sends, `star octo/hello`) into the lock file, for ``holder(of:)``.
  ///
  /// - Throws: ``StorageError/readOnly(path:)`` when the lock file cannot be made (a read-only `APP_HOME`), or
  ///   ``StorageError/cannotOpen(path:reason:)`` when the file system cannot lock it.
  public func tryHold(_ identity: String, note: String = "") throws(StorageError) -> Held? {
    let url = fileURL(for: identity)
    var fd = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    if fd < 0 && errno == ENOENT {
      if mkdir(directory.path, 0o700) != 0 && errno != EEXIST { throw Self.failure(url, errno) }
      fd = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    }
    guard fd >= 0 else { throw Self.failure(url, errno) }
    guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
      let code = errno
      close(fd)
      if code == EWOULDBLOCK || code == EINTR { return nil }
      throw .cannotOpen(path: url.path, reason: String(cString: strerror(code)))
    }
    let line = Array("\(getpid())\t\(Self.tag(identity))\t\(note.filter { !$0.isNewline })\n".utf8)
    if ftruncate(fd, 0) == 0 { _ = line.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) } }
    let lock = Held(descriptor: fd)
    held.withLock { $0[ObjectIdentifier(lock)] = lock }
    return lock
  }

  /// Who holds the lock of `identity`'s file, as its holder wrote it: its process id, whether it holds it for
  /// `identity` itself (a file is shared by many keys), and what it sends; `nil` when the file says nothing or
  /// names a process that has ended (the lock is then free, or about to be).
  public func holder(of identity: String) -> (pid: Int32, sameKey: Bool, sending: String)? {
    guard let text = try? String(contentsOf: fileURL(for: identity), encoding: .utf8),
      let line = text.split(separator: "\n").first
    else { return nil }
    let parts = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
    guard parts.count == 3, let pid = Int32(parts[0]), pid > 0, pid != getpid() else { return nil }
    guard kill(pid, 0) == 0 || errno == EPERM else { return nil }
    return (pid, parts[1] == Self.tag(identity), parts[2])
  }

  /// What names `identity` in its lock file: the start of its digest (the identity itself may hold a key).
  private static func tag(_ identity: String) -> String {
    String(SHA256Digest.hex(identity).prefix(16))
  }

  /// Lets go of `lock`: the same as ``Held/release()``, and this object forgets it.
  public func release(_ lock: Held) {
    held.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(lock)) }
    lock.release()
  }

  /// Closes every lock this object holds, as the kernel does when the process dies.
  public func releaseAll() {
    let all = held.withLock { held in
      defer { held.removeAll() }
      return Array(held.values)
    }
    for lock in all { lock.release() }
  }

  /// A lock file that may not be made (a read-only or foreign `APP_HOME`, a file system that takes no new file or
  /// directory) means nothing can be sent from this home: it is read-only for the app. Any other failure (no
  /// descriptor left, a full disk) says what the system said.
  static func failure(_ url: URL, _ code: Int32) -> StorageError {
    switch code {
    case EACCES, EPERM, EROFS, ENOENT, ENOTDIR:
      .readOnly(path: url.deletingLastPathComponent().deletingLastPathComponent().path)
    default:
      .cannotOpen(path: url.path, reason: String(cString: strerror(code)))
    }
  }
}
