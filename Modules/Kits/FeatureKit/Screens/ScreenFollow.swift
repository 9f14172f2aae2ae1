import Synchronization

/// What a screen follows of a store beside its read (``ScreenModel/follow``): the marks of the rows it shows (stars,
/// stocks), one stream at a time. Following other keys replaces the stream, following the same ones again keeps it,
/// and leaving the screen cancels it. Each value the stream yields is shown as it comes, with no read of the rest.
public final class ScreenFollow: Sendable {
  private let task = ScreenTask()
  private let keys = Mutex<[AnyHashable]?>(nil)

  /// Follows nothing yet.
  public init() {}

  /// Follows what `stream` makes of `keys`, unless these keys are followed already, and hands each value to `show`
  /// (no keys: follows nothing).
  public func callAsFunction<Key: Hashable & Sendable, Value: Sendable>(
    _ keys: [Key], _ stream: @escaping @Sendable ([Key]) -> AsyncStream<Value>,
    show: @escaping @Sendable (Value) -> Void
  ) {
    let changed = self.keys.withLock { followed in
      let keys = keys.map(AnyHashable.init)
      defer { followed = keys }
      return followed != keys
    }
    guard changed else { return }
    guard !keys.isEmpty else { return task.cancel() }
    task.replace {
      for await value in stream(keys) { show(value) }
    }
  }

  /// Follows nothing: the screen was left.
  public func cancel() {
    keys.withLock { $0 = nil }
    task.cancel()
  }
}
