/// First-come, first-served locks per key, held across suspension points by the store actor.
///
/// The store reads the cache, decides and tells its observers as one step per key; without this, two steps of
/// one key could interleave at their `await`s and tell observers an older state after a newer one.
struct KeyedLocks<Key: Hashable & Sendable> {
  private var held: Set<Key> = []
  private var waiters: [Key: [CheckedContinuation<Void, Never>]] = [:]

  /// Takes the lock of `key` when it is free, and says whether it did.
  mutating func tryAcquire(_ key: Key) -> Bool {
    held.insert(key).inserted
  }

  /// Queues a task that will own the lock of `key` when it is resumed.
  mutating func enqueue(_ waiter: CheckedContinuation<Void, Never>, for key: Key) {
    waiters[key, default: []].append(waiter)
  }

  /// Gives the lock of `key` to the next waiter, returned for the caller to resume, or frees it.
  mutating func release(_ key: Key) -> CheckedContinuation<Void, Never>? {
    guard var queue = waiters[key], !queue.isEmpty else {
      held.remove(key)
      return nil
    }
    let next = queue.removeFirst()
    waiters[key] = queue.isEmpty ? nil : queue
    return next
  }
}
