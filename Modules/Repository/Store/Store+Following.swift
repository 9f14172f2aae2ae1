import Foundation
import Synchronization

extension Store {
  /// What a follower of many keys holds: each key's latest answer, and the keys a live state reached first (the
  /// first read's older values never replace those).
  struct Snapshot: Sendable {
    var values: [Key: StoreResponse<Value>] = [:]
    var live: Set<Key> = []
  }

  /// One follower's ``Snapshot``, shared by its keys' observers and its first read.
  final class Follower: Sendable {
    let snapshot = Mutex(Snapshot())
  }

  /// What the store answers for each of `keys`, followed: first what the single source of truth holds for all of
  /// them, read at once (one ``Cacher/load(_:)-([Key])``, never the origin), then a new snapshot at every later state
  /// of any of them (a change written here, a fetch that answered, a change sent or undone, a reload after another
  /// process's commit). A key without a value is absent. Each key's states arrive in its own order; only the newest
  /// snapshot is kept for a slow reader.
  ///
  /// What a screen that marks many rows follows (stars, stocks): one read, not one per row. Stopping the iteration
  /// leaves every key.
  public nonisolated func observe(keys: [Key]) -> AsyncStream<[Key: StoreResponse<Value>]> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: [Key: StoreResponse<Value>].self, bufferingPolicy: .bufferingNewest(1))
    let follower = Follower()
    let observers = self.observers
    var ids: [(key: Key, id: ObserverRegistry<Key, LoadingState<Value>>.ID)] = []
    var seen: Set<Key> = []
    for key in keys where seen.insert(key).inserted {
      let id = observers.add(
        for: key, staysOpen: true,
        yield: { state in
          let values = follower.snapshot.withLock { snapshot in
            snapshot.live.insert(key)
            snapshot.values[key] = state.response
            return snapshot.values
          }
          continuation.yield(values)
        }, finish: {})
      ids.append((key, id))
    }
    let following = ids
    continuation.onTermination = { _ in
      for (key, id) in following { observers.remove(id, for: key) }
    }
    let ordered = Array(seen)
    Task { await self.deliverFirstSnapshot(of: ordered, into: follower, continuation: continuation) }
    return stream
  }

  /// Reads `keys` at once and yields them, but for the keys a live state reached first.
  private func deliverFirstSnapshot(
    of keys: [Key], into follower: Follower,
    continuation: AsyncStream<[Key: StoreResponse<Value>]>.Continuation
  ) async {
    let cached = (try? await cacher.load(keys)) ?? Array(repeating: nil, count: keys.count)
    let values = follower.snapshot.withLock { snapshot in
      for (key, value) in zip(keys, cached) where !snapshot.live.contains(key) {
        snapshot.values[key] = value.map { response($0, source: .cache) }
      }
      return snapshot.values
    }
    continuation.yield(values)
  }

  /// Tells every follower that stays open (``observe(_:policy:)``, ``observe(keys:)``) what the single source of
  /// truth holds now for its key: after another process committed to the file. Never asks the origin: a key whose
  /// fetch runs, or with nothing kept (cleared or pruned elsewhere), is left as its followers have it.
  public func reloadObserved() async {
    for key in observers.keysStayingOpen() {
      await withKeyLock(key) {
        guard inFlight[key] == nil, let cached = try? await cacher.load(key) else { return }
        observers.broadcast(.completed(response(cached, source: .cache)), for: key, stayingOpenOnly: true)
      }
    }
  }
}
