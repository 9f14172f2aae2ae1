import Foundation
import Infrastructure

/// A cache-then-origin store for one kind of data, keyed by `Key`, with the cache as its single source of truth.
///
/// How a key flows through it:
/// 1. A read (``stream(_:forceRefresh:)`` or ``get(_:from:)``) first reads the cache and answers with it at once
///    when it is fresh: `completed(value, source: .cache, …)`.
/// 2. When the cache is missing, stale (per the ``FreshnessPolicy``) or a refresh is asked for, the store starts
///    one fetch for the key and tells every observer `loading(cached:)`, stale content included. Any other
///    request for that key while it runs joins the same fetch.
/// 3. A successful fetch is saved to the cache first; then the loading state becomes `.fixed` and every observer
///    gets `completed(value, source: .network, …)`.
/// 4. A failed fetch leaves the cache as it was; the state becomes `.error` and observers get
///    `error(e, cached:)` with the content the cache still holds.
/// 5. ``update(_:with:)``, ``clear(_:)`` and `requestNext(_:)` change the cache the same way and tell every
///    observer of the key; after a clear, a key someone still watches is fetched again.
/// 6. An observer that stops iterating is removed at once. A waiter that is cancelled leaves alone; the fetch runs
///    to its end for the others and saves its result.
///
/// The steps of one key never interleave (see `KeyedLocks`), so observers never see an older state after a newer
/// one. Keys do not wait for each other.
public actor Store<Key: Hashable & Sendable, Value: Sendable> {
  typealias FetchOutcome = Result<StoreResponse<Value>, any Error>

  /// What a locked step decided: an answer now, or a fetch to wait for.
  enum Step: Sendable {
    case answer(StoreResponse<Value>)
    case wait(SharedOutcome<FetchOutcome>)

    func result() async throws -> StoreResponse<Value> {
      switch self {
      case .answer(let response): return response
      case .wait(let outcome): return try await outcome.value().get()
      }
    }
  }

  let cacher: any Cacher<Key, Value>
  let fetcher: any Fetcher<Key, Value>
  let freshness: FreshnessPolicy<Value>
  let clock: any AppClock
  let observers = ObserverRegistry<Key, LoadingState<Value>>()
  var inFlight: [Key: SharedOutcome<FetchOutcome>] = [:]
  var locks = KeyedLocks<Key>()

  /// Creates a store over a cache and an origin.
  ///
  /// - Parameters:
  ///   - cacher: The single source of truth; every answer is read from it or saved to it first.
  ///   - fetcher: The origin.
  ///   - freshness: When cached data is stale.
  ///   - clock: Stamps fetched data and judges its age.
  public init(
    cacher: some Cacher<Key, Value>,
    fetcher: some Fetcher<Key, Value>,
    freshness: FreshnessPolicy<Value>,
    clock: any AppClock = SystemClock()
  ) {
    self.cacher = cacher
    self.fetcher = fetcher
    self.freshness = freshness
    self.clock = clock
  }

  /// The states of `key`: the cache at once, then the fetch when one is needed (or `forceRefresh`), then every
  /// later change of the key in this store.
  public nonisolated func stream(_ key: Key, forceRefresh: Bool = false) -> StoreStream<Value> {
    StoreStream { self.subscribe(key, forceRefresh: forceRefresh) }
  }

  /// Answers once for `key` as `policy` says. Observers are told about any fetch it starts.
  ///
  /// - Throws: ``StoreError/notCached(key:)`` for an empty cache-only read, the origin's error when a needed
  ///   fetch fails (the cache keeps its content; read it with `.offline`), the cache's errors, or
  ///   `CancellationError` when the calling task is cancelled while waiting.
  public func get(_ key: Key, policy: CachePolicy = .standard) async throws -> StoreResponse<Value> {
    let step: Step = try await withKeyLock(key) {
      switch policy {
      case .offline:
        guard let cached = try await cacher.load(key) else { throw StoreError.notCached(key: "\(key)") }
        return .answer(response(cached, source: .cache))
      case .refresh:
        if let running = inFlight[key] { return .wait(running) }
        return .wait(startFetch(key, kind: .replace, cached: try? await cacher.load(key)))
      case .standard:
        let cached = try await cacher.load(key)
        if let cached, !isStale(cached) { return .answer(response(cached, source: .cache)) }
        if let running = inFlight[key] { return .wait(running) }
        return .wait(startFetch(key, kind: .replace, cached: cached))
      }
    }
    return try await step.result()
  }

  /// Fetches `key` from the origin now (or joins the fetch already running) and returns the saved result.
  @discardableResult
  public func refresh(_ key: Key) async throws -> StoreResponse<Value> {
    try await get(key, policy: .refresh)
  }

  /// Saves `value` for `key` as fetched now, keeping its next-page key, and tells every observer.
  public func update(_ key: Key, with value: Value) async throws {
    try await withKeyLock(key) {
      let previous = try await cacher.load(key)
      let entry = CachedValue(value: value, fetchedAt: clock.now(), nextPageKey: previous?.nextPageKey)
      try await cacher.save(entry, for: key)
      observers.broadcast(.completed(value, source: .cache, fetchedAt: entry.fetchedAt), for: key)
    }
  }

  /// Deletes the cached value of `key` and tells every observer; a key someone still watches is fetched again.
  public func clear(_ key: Key) async throws {
    try await withKeyLock(key) {
      try await cacher.clear(key)
      if inFlight[key] != nil {
        observers.broadcast(.loading(cached: nil), for: key)
      } else if observers.count(for: key) > 0 {
        _ = startFetch(key, kind: .replace, cached: nil)
      }
    }
  }

  /// How many fetches are running; for tests.
  var activeFetchCount: Int { inFlight.count }

  /// How many streams watch `key`; for tests.
  nonisolated func observerCount(for key: Key) -> Int { observers.count(for: key) }

  /// How many tasks wait for the running fetch of `key`; for tests.
  func waiterCount(for key: Key) -> Int { inFlight[key]?.waiterCount ?? 0 }
}
