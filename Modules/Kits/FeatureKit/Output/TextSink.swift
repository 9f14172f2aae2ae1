#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where text goes: standard output, standard error, or a buffer in tests.
public struct TextSink: Sendable {
  private let body: @Sendable (String) -> Void

  /// Creates a sink from a closure.
  public init(_ body: @escaping @Sendable (String) -> Void) {
    self.body = body
  }

  /// Writes `text` as is.
  public func write(_ text: String) {
    body(text)
  }

  /// Writes `text` and a newline.
  public func line(_ text: String = "") {
    body(text + "\n")
  }

  /// The process's standard output.
  public static let standardOutput = TextSink { write(fileDescriptor: 1, $0) }
  /// The process's standard error.
  public static let standardError = TextSink { write(fileDescriptor: 2, $0) }
  /// Standard error on a terminal, where a spinner may be drawing: a line written while it shows first erases
  /// the spinner's line, so that a note or a warning never shares a line with it (the next frame draws below).
  static let standardErrorBesideProgress = TextSink { text in
    write(fileDescriptor: 2, Spinner.isShowing ? "\r\u{1B}[2K" + text : text)
  }

  /// Writes all of `text`; a failure on standard output is noted in ``StandardOutput/health``, and once one
  /// failed, nothing more is written to it.
  private static func write(fileDescriptor: Int32, _ text: String) {
    if fileDescriptor == 1, !StandardOutput.isWritable { return }
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { buffer in
        Glibc.write(fileDescriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
      }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else {
        if fileDescriptor == 1 { StandardOutput.writeFailed(errno: written < 0 ? errno : EIO) }
        return
      }
      offset += written
    }
  }
}
