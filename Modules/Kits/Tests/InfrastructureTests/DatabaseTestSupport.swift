import Foundation
import Synchronization
import Testing

@testable import Infrastructure

/// A directory of its own under the system temporary directory, removed when the value goes away.
final class TemporaryDirectory: Sendable {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("infrastructure-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  /// A path inside the directory that does not exist yet.
  func child(_ name: String) -> URL {
    url.appendingPathComponent(name, isDirectory: true)
  }
}

/// Collects what a ``Database`` tells its diagnostics sink.
final class DiagnosticsRecorder: Sendable {
  private let messages = Mutex<[String]>([])

  var recorded: [String] { messages.withLock { $0 } }

  var sink: @Sendable (String) -> Void {
    { message in self.messages.withLock { $0.append(message) } }
  }
}

/// Counts how often a migration ran.
final class Counter: Sendable {
  private let count = Mutex(0)

  var value: Int { count.withLock { $0 } }

  func increment() { count.withLock { $0 += 1 } }
}

/// The POSIX permission bits of the item at `path`.
func permissions(of path: String) throws -> Int {
  let attributes = try FileManager.default.attributesOfItem(atPath: path)
  return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
}

/// A file's size and modification time (to the nanosecond), to tell whether anything wrote it.
struct FileStamp: Equatable {
  let size: Int
  let modified: timespec

  init(path: String) throws {
    var status = stat()
    guard stat(path, &status) == 0 else { throw CocoaError(.fileNoSuchFile) }
    size = Int(status.st_size)
    modified = status.st_mtim
  }

  static func == (left: FileStamp, right: FileStamp) -> Bool {
    left.size == right.size && left.modified.tv_sec == right.modified.tv_sec
      && left.modified.tv_nsec == right.modified.tv_nsec
  }
}
