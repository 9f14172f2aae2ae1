import Foundation

/// Holds requests until the test lets them go: a handler that waits here answers only after the test has seen what
/// the client did without that answer, whatever the machine's speed, with no clock involved.
///
/// A wait ends on ``release()``, or when its task is cancelled, so a server holding requests can still stop.
///
/// ```swift
/// let hold = RequestHold()
/// server.route("GET", "/search") { request in
///   await hold.wait()
///   return .text("late")
/// }
/// // … run the client, which must give up by itself …
/// await hold.release()
/// ```
public actor RequestHold {
  private var arrived = 0
  private var released = false
  private var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
  private var watchers: [(count: Int, continuation: CheckedContinuation<Bool, Never>, id: UUID)] = []

  /// A hold that keeps every request until ``release()``.
  public init() {}

  /// How many requests have arrived so far, held or let through.
  public var arrivals: Int { arrived }

  /// Counts one arrival and waits until ``release()`` (returns at once after it) or until the task is cancelled.
  public func wait() async {
    arrived += 1
    let reached = watchers.filter { $0.count <= arrived }
    watchers.removeAll { $0.count <= arrived }
    for watcher in reached { watcher.continuation.resume(returning: true) }
    guard !released else { return }
    let id = arrived
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        if released || Task.isCancelled {
          continuation.resume()
        } else {
          waiters[id] = continuation
        }
      }
    } onCancel: {
      Task { await self.cancel(id) }
    }
  }

  /// Waits until `count` requests have arrived: `true` once they have, `false` if they have not after `patience`,
  /// which guards against a hang and is never what a test waits for.
  public func arrivals(atLeast count: Int, patience: Duration = .seconds(90)) async -> Bool {
    if arrived >= count { return true }
    let id = UUID()
    Task { [patience] in
      try? await Task.sleep(for: patience)
      self.stopWatching(id)
    }
    return await withCheckedContinuation { watchers.append((count, $0, id)) }
  }

  private func stopWatching(_ id: UUID) {
    guard let index = watchers.firstIndex(where: { $0.id == id }) else { return }
    watchers.remove(at: index).continuation.resume(returning: false)
  }

  /// Lets every held request go, and every later one through at once.
  public func release() {
    released = true
    for waiter in waiters.values { waiter.resume() }
    waiters = [:]
  }

  private func cancel(_ id: Int) {
    waiters.removeValue(forKey: id)?.resume()
  }
}
