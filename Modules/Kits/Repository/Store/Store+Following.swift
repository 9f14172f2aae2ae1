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

  /// What the store answers for each of `keys`, followed: first what the single source of truth holds for all of them,
  /// read at once (one ``Cacher/load(_:)-([Self.Key])``, never the origin), then a new snapshot at every later state of
  /// any of them (a change written here, a fetch that answered, a change sent or undone, a reload after another
  /// process's commit). A key without a value is absent. Each key's states arrive in its own order; only the newest
  /// snapshot is kept for a slow reader.
  ///
  /// What a screen that marks many rows follows (stars, stocks): one read, not one per row. Stopping the iteration
  /// leaves every key.
  public nonisolated func observe(keys: [Key]) -> AsyncStream<[Key: StoreResponse<Value>]> {
    observe(keys: keys) { $0 }
  }

  /// ``observe(keys:)`` with each snapshot made into what its follower shows (the starred among some repos, say),
  /// the newest kept for a slow reader. Stopping the iteration leaves every key.
  public nonisolated func observe<Shown: Sendable>(
    keys: [Key], as shown: @escaping @Sendable ([Key: StoreResponse<Value>]) -> Shown
  ) -> AsyncStream<Shown> {
    let (stream, continuation) = AsyncStream.makeStream(of: Shown.self, bufferingPolicy: .bufferingNewest(1))
    let leave = follow(keys: keys) { continuation.yield(shown($0)) }
    continuation.onTermination = { _ in leave() }
    return stream
  }

  /// What the single source of truth holds now for each of `keys`, in one read (one ``Cacher/load(_:)-([Self.Key])``,
  /// never the origin; a change still waiting for the origin included): a key it holds nothing for is absent. What
  /// a line command shows beside many rows (their marks); a screen follows them with ``observe(keys:)``.
  ///
  /// - Throws: Why the database could not be read.
  public func current(keys: [Key]) async throws -> [Key: StoreResponse<Value>] {
    let cached = try await cacher.load(keys)
    var values: [Key: StoreResponse<Value>] = [:]
    for (key, value) in zip(keys, cached) {
      if let value { values[key] = response(value, source: .cache) }
    }
    return values
  }

  /// ``observe(keys:)`` told through `onChange`, called as each snapshot is made (on the thread that made the
  /// change); answers how to leave.
  nonisolated func follow(
    keys: [Key], onChange: @escaping @Sendable ([Key: StoreResponse<Value>]) -> Void
  ) -> @Sendable () -> Void {
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
          onChange(values)
        }, finish: {})
      ids.append((key, id))
    }
    let ordered = Array(seen)
    Task { await self.deliverFirstSnapshot(of: ordered, into: follower, onChange: onChange) }
    let following = ids
    return {
      for (key, id) in following { observers.remove(id, for: key) }
    }
  }

  /// Reads `keys` at once and tells them, but for the keys a live state reached first.
  private func deliverFirstSnapshot(
    of keys: [Key], into follower: Follower, onChange: @Sendable ([Key: StoreResponse<Value>]) -> Void
  ) async {
    let cached = (try? await cacher.load(keys)) ?? Array(repeating: nil, count: keys.count)
    let values = follower.snapshot.withLock { snapshot in
      for (key, value) in zip(keys, cached) where !snapshot.live.contains(key) {
        snapshot.values[key] = value.map { response($0, source: .cache) }
      }
      return snapshot.values
    }
    onChange(values)
  }

  /// Tells every follower that stays open (``observe(keys:)``) what the single source of
  /// truth holds now for its key: after another process committed to the file. Never asks the origin: a key whose
  /// fetch runs is left to it, and one with nothing kept any more (undone, cleared or pruned elsewhere) is told
  /// ``StoreError/notCached(key:)`` with no content.
  public func reloadObserved() async {
    for key in observers.keysStayingOpen() {
      await withKeyLock(key) {
        guard inFlight[key] == nil else { return }
        let cached: CachedValue<Value>?
        do {
          cached = try await cacher.load(key)
        } catch {
          return  // The file cannot be read now: the followers keep what they have.
        }
        let state: LoadingState<Value> =
          cached.map { .completed(response($0, source: .cache)) }
          ?? .error(StoreError.notCached(key: "\(key)"), cached: nil)
        observers.broadcast(state, for: key, stayingOpenOnly: true)
      }
    }
  }
}
