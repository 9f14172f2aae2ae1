/// A progress spinner on standard error while something slow runs; silent when stderr is not a terminal.
public enum Spinner {
  /// The animation frames.
  static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

  /// Runs `operation`, showing `message` with a spinner on `terminal`'s standard error until it ends.
  ///
  /// The spinner line is erased afterwards, so the output that follows starts on a clean line.
  public static func run<T: Sendable>(
    _ message: String, on terminal: Terminal, operation: () async throws -> T
  ) async throws -> T {
    guard terminal.errorsAreInteractive else { return try await operation() }
    let errors = terminal.errors
    let animation = Task {
      var index = 0
      while !Task.isCancelled {
        errors.write("\r\u{1B}[2K\(frames[index % frames.count]) \(message)")
        index += 1
        try? await Task.sleep(for: .milliseconds(80))
      }
    }
    defer {
      animation.cancel()
      errors.write("\r\u{1B}[2K")
    }
    return try await operation()
  }
}
