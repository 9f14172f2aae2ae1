import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The small files that tell an opening process whether the database needs `PRAGMA quick_check`, which reads the
/// whole file: only after a process that had it open ended without closing it (killed, crashed, Ctrl-C), or after
/// SQLite reported the file damaged.
///
/// - `<file>.open-<pid>`: made when a process opens the database, removed when it ends normally. One left behind
///   by a process that no longer runs is an unclean end.
/// - `<file>.check`: made when a read or a write meets a damaged file; the next open checks, and moves the file
///   aside if it is damaged.
///
/// A directory the process cannot write (a read-only `APP_HOME`) gets no markers; nothing else changes.
struct DatabaseUseMarkers: Sendable {
  /// The database's main file and its directory (see ``DatabaseFiles``).
  let files: DatabaseFiles

  private var openPrefix: String { files.fileName + ".open-" }
  var checkPath: String { files.path + ".check" }
  var ownPath: String { files.path + ".open-\(getpid())" }

  /// Whether the file must be checked before it is trusted: it was reported damaged, or a process that had it
  /// open is gone without having closed it.
  func checkNeeded() -> Bool {
    if access(checkPath, F_OK) == 0 { return true }
    return !abandonedMarkers().isEmpty
  }

  /// The open markers of processes that no longer run.
  func abandonedMarkers() -> [String] {
    return markerNames().compactMap { name -> String? in
      guard name.hasPrefix(openPrefix), let pid = pid_t(name.dropFirst(openPrefix.count)) else { return nil }
      // kill(pid, 0) fails with ESRCH for a process that does not exist; EPERM means it runs as someone else.
      guard pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { return nil }
      return files.directoryPath + (files.directoryPath.hasSuffix("/") ? "" : "/") + name
    }
  }

  /// The names in the directory that start with the open markers' prefix, read with `readdir` (a few system calls,
  /// where Foundation's listing builds a value for every entry).
  private func markerNames() -> [String] {
    guard let stream = opendir(files.directoryPath) else { return [] }
    defer { closedir(stream) }
    let prefix = openPrefix
    var names: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name.hasPrefix(prefix) { names.append(name) }
    }
    return names
  }

  /// Records that this process has the database open, and clears what a successful check answered.
  func opened(afterCheck checked: Bool) {
    if checked {
      unlink(checkPath)
      for path in abandonedMarkers() { unlink(path) }
    }
    let descriptor = open(ownPath, O_CREAT | O_WRONLY | O_CLOEXEC, 0o600)
    if descriptor >= 0 { close(descriptor) }
  }

  /// Records that this process closed the database normally.
  func closed() {
    unlink(ownPath)
  }

  /// Records that SQLite found the file damaged, so that the next open checks it.
  func damageSeen() {
    let descriptor = open(checkPath, O_CREAT | O_WRONLY | O_CLOEXEC, 0o600)
    if descriptor >= 0 { close(descriptor) }
  }
}

/// Work to do when the process ends normally, just before it exits: the app ends with `_exit`, which runs no
/// exit-time handlers, so this list is run by its last step instead.
public enum ProcessEnd {
  private static let actions = Mutex<[@Sendable () -> Void]>([])

  /// Adds `action` to what runs at a normal end.
  public static func onNormalEnd(_ action: @escaping @Sendable () -> Void) {
    actions.withLock { $0.append(action) }
  }

  /// Runs, once, everything added so far.
  public static func runNormalEndActions() {
    let pending = actions.withLock { actions in
      defer { actions = [] }
      return actions
    }
    for action in pending { action() }
  }
}
