import Foundation

/// Why the app database could not be used, with what the user can do about it.
public enum StorageError: Error, Equatable, Sendable {
  /// The directory that should hold the database cannot be created.
  case directoryNotCreatable(path: String, reason: String)
  /// The path that should be the data directory is a file.
  case notADirectory(path: String)
  /// The data directory exists but the app may not write to it.
  case directoryNotWritable(path: String)
  /// SQLite cannot open the database file.
  case cannotOpen(path: String, reason: String)
  /// The database file is damaged and could not be moved out of the way.
  case cannotMoveAside(path: String, reason: String)
  /// Two contributed migrations share one identifier.
  case duplicateMigration(identifier: String)
  /// A schema migration failed; the database was left as it was before it.
  case migrationFailed(path: String, reason: String)
  /// The data directory is not writable by this user, so only reading is possible.
  case readOnly(path: String)
}

extension StorageError: CustomStringConvertible, LocalizedError {
  /// A message that says what went wrong and what to do.
  public var description: String {
    switch self {
    case .directoryNotCreatable(let path, let reason):
      "Cannot create the data directory \(path): \(reason). "
        + "Check the permissions of its parent, or set APP_HOME to a directory you can write to."
    case .notADirectory(let path):
      "The data directory \(path) is a file, not a directory. Move the file away, or set APP_HOME elsewhere."
    case .directoryNotWritable(let path):
      "The data directory \(path) is not writable by you. " + Self.access(to: path)
    case .cannotOpen(let path, let reason) where reason == Self.permissionDenied:
      "Cannot open the database \(path): \(reason). "
        + Self.access(to: (path as NSString).deletingLastPathComponent)
    case .cannotOpen(let path, let reason):
      "Cannot open the database \(path): \(reason). Check that the file is readable and writable by you."
    case .cannotMoveAside(let path, let reason):
      "The database \(path) is damaged and could not be moved aside: \(reason). "
        + "Move it away yourself (nothing in it is deleted by the app), then run the command again."
    case .duplicateMigration(let identifier):
      "Two database migrations are both named \"\(identifier)\"; each migration needs its own name."
    case .readOnly(let path):
      "The data directory \(path) is read-only for you, so nothing can be saved in it. " + Self.access(to: path)
    case .migrationFailed(let path, let reason):
      "Cannot update the database \(path) to this version of the app: \(reason). "
        + "The database was left unchanged."
    }
  }

  /// The same as ``description``.
  public var errorDescription: String? { description }

  /// How the system says permission is denied (`EACCES`), the reason of a file this user may not open.
  static let permissionDenied = DatabaseFiles.describe(errno: EACCES)

  /// What the user can do about a data directory they may not use: take it over when another user owns it (a
  /// `chmod` there is not theirs to make), else give themselves access; or use another `APP_HOME`.
  static func access(to directory: String) -> String {
    var status = stat()
    if stat(directory, &status) == 0, status.st_uid != geteuid() {
      let owner = getpwuid(status.st_uid).flatMap { $0.pointee.pw_name.map { String(cString: $0) } }
      return "It belongs to \(owner ?? "user \(status.st_uid)"): take it over (sudo chown -R \"$USER\" \(directory)), "
        + "or set APP_HOME to a directory of your own."
    }
    return "Give yourself access (chmod u+rwx \(directory)), or set APP_HOME to a directory you can write to."
  }
}
