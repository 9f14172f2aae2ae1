import FeatureKit
import Synchronization

/// Text collected in memory, for tests of views and commands.
public final class CapturedText: Sendable {
  private struct State {
    var text = ""
    /// Who waits for which text to be written.
    var waiters: [(text: String, continuation: CheckedContinuation<Void, Never>)] = []
  }

  private let state = Mutex(State())

  /// Creates an empty buffer.
  public init() {}

  /// A sink that appends to this buffer.
  public var sink: TextSink {
    TextSink { [self] chunk in
      let ready = state.withLock { state in
        state.text += chunk
        let text = state.text
        let (ready, waiting) = (
          state.waiters.filter { text.contains($0.text) }, state.waiters.filter { !text.contains($0.text) }
        )
        state.waiters = waiting
        return ready
      }
      for waiter in ready { waiter.continuation.resume() }
    }
  }

  /// Everything written so far.
  public var value: String { state.withLock { $0.text } }

  /// Returns once `text` has been written: at once when it is already, else at the write that completes it.
  public func written(_ text: String) async {
    await withCheckedContinuation { continuation in
      let written = state.withLock { state in
        if state.text.contains(text) { return true }
        state.waiters.append((text, continuation))
        return false
      }
      if written { continuation.resume() }
    }
  }
}
