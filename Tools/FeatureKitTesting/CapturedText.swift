import FeatureKit
import Synchronization

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
