import Foundation

/// The files of one SQLite database (main file, `-wal`, `-shm`) and the file-system chores around them.
struct DatabaseFiles: Sendable {
  /// The suffixes SQLite appends to the main file's path for its companion files in WAL mode.
  static let companionSuffixes = ["-wal", "-shm"]

  /// The main database file.
  let fileURL: URL
  /// Its path, its directory's path and its name: read from the URL once, for the system calls made with them at
  /// every open (each `URL.path` decodes the URL again).
  let path: String
  let directoryPath: String
  let fileName: String

  init(fileURL: URL) {
    self.fileURL = fileURL
    let path = fileURL.path
    self.path = path
    if let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) {
      directoryPath = slash == path.startIndex ? "/" : String(path[..<slash])
      fileName = String(path[path.index(after: slash)...])
    } else {
      directoryPath = "."
      fileName = path
    }
  }

  /// The main file followed by its companions, whether they exist or not.
  var allPaths: [String] {
    [path] + Self.companionSuffixes.map { path + $0 }
  }

  /// Creates the data directory (mode 0700, missing parents 0755) when missing, and checks it is a directory;
  /// returns whether this user may write in it.
  ///
  /// The mode of an existing directory is left alone: it may be one the user chose and shares.
  func prepareDirectory() throws(StorageError) -> Bool {
    let path = directoryPath
    var prefix = ""
    let components = path.split(separator: "/").map(String.init)
    for (index, component) in components.enumerated() {
      prefix += "/" + component
      let isLeaf = index == components.count - 1
      if mkdir(prefix, isLeaf ? 0o700 : 0o755) != 0 {
        let code = errno
        // EEXIST: it is there already (maybe another process made it just now); anything else is fatal.
        guard code == EEXIST else {
          let reason = Self.describe(errno: code) + (isLeaf ? "" : " (at \(prefix))")
          throw .directoryNotCreatable(path: path, reason: reason)
        }
      } else if isLeaf {
        chmod(prefix, 0o700)  // The umask may have removed bits; make the mode exact.
      }
    }
    var status = stat()
    guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { throw .notADirectory(path: path) }
    return access(path, W_OK | X_OK) == 0
  }

  /// Creates an empty main file readable and writable by the owner only (0600) when it is missing.
  ///
  /// SQLite gives the `-wal` and `-shm` files it creates later the mode of the main file. The file is made under
  /// a temporary name and hard-linked into place: that never replaces a file another process has just created,
  /// and never closes a descriptor of the database file itself, which would drop every POSIX lock this process
  /// holds on it (see "How To Corrupt An SQLite Database File", section 2.2).
  func createMainFileIfMissing() throws(StorageError) {
    guard access(path, F_OK) != 0 else { return }
    let temporary = path + ".new-\(UUID().uuidString)"
    let descriptor = open(temporary, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw .cannotOpen(path: path, reason: Self.describe(errno: errno)) }
    fchmod(descriptor, 0o600)  // The umask may have removed bits; make the mode exact.
    close(descriptor)
    defer { unlink(temporary) }
    // EEXIST: someone else made it first, which is fine. On a file system without hard links SQLite creates the
    // file instead, and restrictPermissions() sets its mode right after opening.
    _ = link(temporary, path)
  }

  /// Sets mode 0600 on every existing file of the database whose mode is another; one already right is left
  /// alone (a `stat` each, no write).
  func restrictPermissions() {
    for path in allPaths {
      var status = stat()
      guard stat(path, &status) == 0, status.st_mode & 0o7777 != 0o600 else { continue }
      chmod(path, 0o600)
    }
  }

  /// Moves every existing file of the database to `<name>.corrupt-<stamp>` (and `…-wal`, `…-shm`, so the
  /// moved copy still opens with its journal) and returns the new main path.
  func moveAside(stamp: String) throws(StorageError) -> String {
    let fileManager = FileManager.default
    var base = path + ".corrupt-" + stamp
    var counter = 2
    while allTargets(base).contains(where: fileManager.fileExists(atPath:)) {
      base = path + ".corrupt-" + stamp + "-\(counter)"
      counter += 1
    }
    for (source, target) in zip(allPaths, allTargets(base)) where fileManager.fileExists(atPath: source) {
      guard rename(source, target) == 0 else {
        throw .cannotMoveAside(path: source, reason: Self.describe(errno: errno))
      }
    }
    return base
  }

  private func allTargets(_ base: String) -> [String] {
    [base] + Self.companionSuffixes.map { base + $0 }
  }

  /// The `yyyyMMdd-HHmmss` stamp (UTC) of `date`, used to name a moved-aside file.
  static func stamp(for date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    func pad(_ value: Int?, _ width: Int) -> String {
      let digits = String(value ?? 0)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return pad(parts.year, 4) + pad(parts.month, 2) + pad(parts.day, 2) + "-"
      + pad(parts.hour, 2) + pad(parts.minute, 2) + pad(parts.second, 2)
  }

  /// The system's text for an `errno` value, e.g. "Permission denied".
  static func describe(errno code: Int32) -> String {
    String(cString: strerror(code))
  }
}
