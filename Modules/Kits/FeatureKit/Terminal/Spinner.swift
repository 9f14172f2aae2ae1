import Synchronization

/// A progress spinner on standard error while something slow runs; silent when stderr is not a terminal.
public final class Spinner: Sendable {
  /// The animation frames.
  static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
  /// After how many seconds a spinner that shows its elapsed time starts showing it.
  static let elapsedAfterSeconds: Int64 = 3

  private let errors: TextSink
  private let animation: Mutex<Task<Void, Never>?>
  private static let showing = Atomic<Int>(0)
  /// Held while a frame or the erasing of the spinner's line is written, so that Ctrl-C (``InterruptWatcher``)
  /// never erases the line before a frame that then stays on screen.
  static let drawing = Mutex(())

  /// Whether a spinner is drawing on standard error now.
  static var isShowing: Bool { showing.load(ordering: .relaxed) > 0 }

  private init(errors: TextSink, animation: Task<Void, Never>?) {
    self.errors = errors
    self.animation = Mutex(animation)
  }

  /// Starts showing `message` with a spinner on `terminal`'s standard error; does nothing when it is not a TTY.
  ///
  /// The message is cut to fit the terminal's width with the frame before it (``DisplayWidth/truncate(_:to:)``,
  /// by display width): a frame that wrapped would leave its first rows behind, since each frame erases only the
  /// row the cursor is on.
  ///
  /// With `showsElapsed`, a wait longer than a few seconds says how long it has been (`Sending star o/r… 12 s`).
  public static func start(_ message: String, on terminal: Terminal, showsElapsed: Bool = false) -> Spinner {
    guard terminal.errorsAreInteractive else { return Spinner(errors: terminal.errors, animation: nil) }
    let errors = terminal.errors
    let columns = terminal.errorColumns ?? terminal.columns
    let text = line(message, columns: columns)
    InterruptWatcher.start()
    showing.add(1, ordering: .relaxed)
    let animation = Task {
      var index = 0
      let start = ContinuousClock.now
      while !Task.isCancelled {
        let seconds = (ContinuousClock.now - start).components.seconds
        let shown =
          showsElapsed && seconds >= elapsedAfterSeconds ? line(message + " \(seconds) s", columns: columns) : text
        drawing.withLock { _ in errors.write("\r\u{1B}[2K\(frames[index % frames.count]) \(shown)") }
        index += 1
        try? await Task.sleep(for: .milliseconds(80))
      }
    }
    return Spinner(errors: terminal.errors, animation: animation)
  }

  /// `message` on one line, cut to fit after a frame and a space on a terminal `columns` wide (uncut when the width
  /// is unknown).
  static func line(_ message: String, columns: Int?) -> String {
    let message = DisplayWidth.singleLine(message)
    guard let columns else { return message }
    // Every frame is one column wide.
    return DisplayWidth.truncate(message, to: columns - 2)
  }

  /// Stops the spinner, waits for its last frame, and erases its line; later calls do nothing.
  public func stop() async {
    guard
      let task = animation.withLock({ current in
        defer { current = nil }; return current
      })
    else { return }
    task.cancel()
    await task.value
    Self.showing.subtract(1, ordering: .relaxed)
    Self.drawing.withLock { _ in errors.write("\r\u{1B}[2K") }
  }

  /// Runs `operation` with a spinner showing `message`, erased afterwards.
  public static func run<T: Sendable, Failure: Error>(
    _ message: String, on terminal: Terminal, operation: () async throws(Failure) -> T
  ) async throws(Failure) -> T {
    let spinner = start(message, on: terminal)
    do {
      let value = try await operation()
      await spinner.stop()
      return value
    } catch {
      await spinner.stop()
      throw error
    }
  }
}
