import FeatureKit
import Testing

/// A session of `app ui` screens run in process, for tests: keys go in, and every frame it draws can be waited for.
///
/// A wait never measures time: its 90 s guard only keeps a broken screen from hanging the suite, and records an
/// issue when it fires.
public final class ScreenRecorder: Sendable {
  /// The session the keys go to.
  public let session: ScreenSession
  private let frames: AsyncStream<Frame>
  private let framesEnd: AsyncStream<Frame>.Continuation
  private let task: Task<Int32, Never>

  /// Runs a session over `features` at `size`, starting in `features[start]` with `arguments`.
  public init(
    features: [FeatureScreens], start: Int = 0, arguments: [String] = [], size: ScreenSize,
    style: ScreenStyle = ScreenStyle(color: false, unicode: true)
  ) {
    let (frames, continuation) = AsyncStream.makeStream(of: Frame.self)
    let session = ScreenSession(
      features: features, start: start, arguments: arguments, size: size, style: style,
      write: { frame in
        continuation.yield(frame)
        return true
      })
    self.session = session
    self.frames = frames
    framesEnd = continuation
    task = Task { await session.run() }
  }

  /// Waits for the first frame drawn from now on that `matches`; after 90 s without one, records an issue and
  /// answers `nil`, as every wait after it does.
  @discardableResult
  public func frame(where matches: (Frame) -> Bool) async -> Frame? {
    let end = framesEnd
    let guardTask = Task {
      try await Task.sleep(for: .seconds(90))
      end.finish()
    }
    defer { guardTask.cancel() }
    for await frame in frames where matches(frame) {
      return frame
    }
    Issue.record("no frame matched")
    return nil
  }

  /// Sends keys.
  public func press(_ keys: Key...) {
    for key in keys { session.send(.key(key)) }
  }

  /// Sends `key`, which should end the session, and answers its exit status; after 90 s without an end, records an
  /// issue, ends the session and answers -1.
  public func quit(with key: Key = .character("q")) async -> Int32 {
    session.send(.key(key))
    let task = task
    let status = await withTaskGroup(of: Int32?.self) { group in
      group.addTask { await task.value }
      group.addTask {
        guard (try? await Task.sleep(for: .seconds(90))) != nil else { return nil }
        task.cancel()
        return -1
      }
      let first = await group.next() ?? nil
      group.cancelAll()
      return first ?? -1
    }
    if status == -1 { Issue.record("the session did not end") }
    return status
  }

  /// The frame as text, one row a line (empty for none).
  public static func text(_ frame: Frame?) -> String {
    (frame?.text ?? []).joined(separator: "\n")
  }
}
