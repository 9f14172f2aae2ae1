import Foundation
import Synchronization

/// Tells the user things that are not the command's output: notices and warnings, on standard error.
///
/// ``notice(_:once:)`` with a key says a thing at most once per process, however many times it is asked.
public final class Diagnostics: Sendable {
  private let sink: @Sendable (String) -> Void
  private let said = Mutex<Set<String>>([])

  /// Creates diagnostics that write each message, as one line, to `sink`.
  public init(_ sink: @escaping @Sendable (String) -> Void) {
    self.sink = sink
  }

  /// Diagnostics written to the process's standard error.
  public static let standardError = Diagnostics { message in
    FileHandle.standardError.write(Data((message + "\n").utf8))
  }

  /// Says `message`; with a `once` key, only the first time that key is used.
  public func notice(_ message: String, once key: String? = nil) {
    if let key, !said.withLock({ $0.insert(key).inserted }) { return }
    sink(message)
  }
}
