import Synchronization

/// Runs work one piece after another, in the order it was asked for, each in a task of its own.
final class SerialWork: Sendable {
  private let last = Mutex<Task<Void, Never>?>(nil)

  init() {}

  /// Returns once every piece asked for so far has run.
  func idle() async {
    await last.withLock { $0 }?.value
  }

  /// Runs `work` after every piece asked for before it.
  func enqueue(_ work: @escaping @Sendable () async -> Void) {
    last.withLock { last in
      let previous = last
      last = Task {
        await previous?.value
        await work()
      }
    }
  }
}
