import Synchronization

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

  private static func write(fileDescriptor: Int32, _ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { buffer in
        Glibc.write(fileDescriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
      }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { return }
      offset += written
    }
  }
}

/// Text collected in memory, for tests of views and commands.
public final class CapturedText: Sendable {
  private let text = Mutex("")

  /// Creates an empty buffer.
  public init() {}

  /// A sink that appends to this buffer.
  public var sink: TextSink {
    TextSink { [self] chunk in text.withLock { $0 += chunk } }
  }

  /// Everything written so far.
  public var value: String { text.withLock { $0 } }
}

/// The app's view of its terminal: output streams and what they can show.
public struct Terminal: Sendable {
  /// Data: what the command produces.
  public let output: TextSink
  /// Diagnostics: warnings, errors, progress.
  public let errors: TextSink
  /// Whether standard output is a terminal (live redraw, tables) rather than a pipe or file.
  public let isInteractive: Bool
  /// Whether standard error is a terminal (spinners).
  public let errorsAreInteractive: Bool
  /// Whether ANSI colour may be used: on a terminal, and neither `NO_COLOR` nor `CLICOLOR=0` is set.
  public let colorEnabled: Bool
  /// The width of the terminal in columns, or `nil` when unknown (piped output).
  public let columns: Int?

  /// Creates a terminal description.
  public init(
    output: TextSink, errors: TextSink, isInteractive: Bool = false, errorsAreInteractive: Bool = false,
    colorEnabled: Bool = false, columns: Int? = nil
  ) {
    self.output = output
    self.errors = errors
    self.isInteractive = isInteractive
    self.errorsAreInteractive = errorsAreInteractive
    self.colorEnabled = colorEnabled
    self.columns = columns
  }

  /// The process's own terminal, with colour rules from `environment`.
  public static func standard(environment: [String: String]) -> Terminal {
    let outputIsTTY = isatty(1) == 1
    let colorAllowed = environment["NO_COLOR"].map(\.isEmpty) ?? true && environment["CLICOLOR"] != "0"
    return Terminal(
      output: .standardOutput, errors: .standardError, isInteractive: outputIsTTY,
      errorsAreInteractive: isatty(2) == 1, colorEnabled: outputIsTTY && colorAllowed,
      columns: outputIsTTY ? windowColumns(environment: environment) : nil)
  }

  private static func windowColumns(environment: [String: String]) -> Int? {
    var size = winsize()
    if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
      return Int(size.ws_col)
    }
    return environment["COLUMNS"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
  }
}
