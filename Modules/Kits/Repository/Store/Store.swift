import Foundation
import Infrastructure

/// A cache-then-origin store for one kind of data, keyed by `Key`, with the cache as its single source of truth.
///
/// How a key flows through it:
/// 1. A read (``stream(_:policy:)``) first reads the cache, and answers with it at once when the ``CachePolicy``
///    allows: `.offline` always (or ``StoreError/notCached(key:)`` when there is nothing), `.standard` while it is
///    fresh (per the ``FreshnessPolicy``).
/// 2. Otherwise the store starts one fetch for the key and tells every observer (each read of the key that has not
///    settled) `loading(cached:)`, stale content included. Any other read of that key while it runs, and
///    `requestNext(_:)`, joins the same fetch.
/// 3. A successful fetch is saved to the cache first; then every observer gets `completed` with the value, its
///    source `.network` and when it was fetched, and its read ends.
/// 4. A failed fetch leaves the cache as it was; observers get `error(e, cached:)` with the content the cache
///    still holds and its age, and their reads end.
/// 5. `requestNext(_:)` fetches the page after the cached list and tells every observer as a fetch does.
///    ``clear(_:)`` deletes the cached value; while a fetch of the key runs, its observers are told
///    `loading(cached: nil)`, and a next page that was loading for the cleared list is dropped and the first page
///    fetched again for them.
/// 6. An observer that stops iterating is removed at once, and a `requestNext(_:)` caller that is cancelled leaves
///    at once. When the last of a fetch's waiters and observers has gone, the fetch is cancelled: no one is left to
///    show it to.
///
/// The steps of one key never interleave (see `KeyedLocks`), so observers never see an older state after a newer
/// one. Keys do not wait for each other.
public actor Store<Key: Hashable & Sendable, Value: Sendable> {
  typealias FetchOutcome = Result<StoreResponse<Value>, any Error>

  /// What a locked step decided: an answer now, or a fetch to wait for (joined inside the step, so the fetch is
  /// never without a waiter between the step and the wait).
  enum Step: Sendable {
    case answer(StoreResponse<Value>)
    case wait(SharedOutcome<FetchOutcome>, SharedOutcome<FetchOutcome>.Ticket)

    static func join(_ outcome: SharedOutcome<FetchOutcome>) -> Step {
      .wait(outcome, outcome.join())
    }

    func result() async throws -> StoreResponse<Value> {
      switch self {
      case .answer(let response): return response
      case .wait(let outcome, let ticket): return try await outcome.value(ticket).get()
      }
    }
  }

  /// A running fetch: what its waiters wait for, and the task to cancel when none is left.
  struct Fetch: Sendable {
    let outcome: SharedOutcome<FetchOutcome>
    let task: Task<Void, Never>
  }

  let cacher: any Cacher<Key, Value>
  let fetcher: any Fetcher<Key, Value>
  let updater: Updater<Key, Value>?
  let outbox: ChangeOutbox?
  let freshness: FreshnessPolicy<Value>
  let clock: any AppClock
  let observers = ObserverRegistry<Key, LoadingState<Value>>(isFinal: \.isSettled)
  var inFlight: [Key: Fetch] = [:]
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
    updater = nil
    outbox = nil
  }

  /// Creates a store whose data the user can change: the cacher keeps each change as waiting for the origin, and
  /// the store sends it through `outbox` with `updater`, beside the fetcher that reads the origin.
  ///
  /// - Parameters:
  ///   - cacher: The single source of truth, keeping the changes too (its ``Cacher/changeScope`` says where).
  ///   - fetcher: The origin, read.
  ///   - updater: The origin, written.
  ///   - outbox: Sends the changes, one sender per key.
  ///   - freshness: When cached data is stale.
  ///   - clock: Stamps fetched data and judges its age.
  public init(
    cacher: some Cacher<Key, Value>,
    fetcher: some Fetcher<Key, Value>,
    updater: Updater<Key, Value>,
    outbox: ChangeOutbox,
    freshness: FreshnessPolicy<Value>,
    clock: any AppClock = SystemClock()
  ) {
    self.cacher = cacher
    self.fetcher = fetcher
    self.freshness = freshness
    self.clock = clock
    self.updater = updater
    self.outbox = outbox
  }

  /// What sends this store's changes, when the user can change its data: its feature registers it, so that
  /// `app sync` and `app ui` send what waits.
  public nonisolated var sender: ChangeSender? {
    guard let updater, let scope = cacher.changeScope else { return nil }
    let cacher = self.cacher
    return ChangeSender(scope: scope, updater: updater, keyText: { cacher.changeKey($0) }) { key in
      await self.reload(key)
    }
  }

  /// Sends the change waiting for `key` to the origin, after the sends of it already under way (in this process
  /// or another), and answers what became of it: sent, refused (undone, and every observer told), or waiting,
  /// with why. `nil` when nothing waits for `key`, or the store keeps no changes.
  ///
  /// - Throws: What the database throws; the change is kept and waits.
  public nonisolated func send(_ key: Key) async throws -> ChangeReport? {
    guard let outbox, let sender else { return nil }
    return try await outbox.send(key: cacher.changeKey(key), through: sender)
  }

  /// The states of one read of `key` as `policy` says, ending with its outcome: the cache when the policy answers
  /// from it, else `loading` (with the cache's content, if any) and then the origin's answer, or its failure with
  /// the content the cache keeps. `.offline` with nothing cached yields ``StoreError/notCached(key:)``.
  ///
  /// Stopping the iteration leaves the read; a fetch that no other read or `requestNext(_:)` caller waits for is
  /// then cancelled.
  public nonisolated func stream(_ key: Key, policy: CachePolicy = .standard) -> StoreStream<Value> {
    StoreStream { self.subscribe(key, policy: policy) }
  }

  /// Makes `value` the value of `key` as the user's change: written to the single source of truth, and kept as
  /// waiting for the origin when the cacher keeps changes, in one transaction. Every observer of `key` is told at
  /// once (`completed`, ``StoreResponse/waitsForOrigin`` saying whether the origin still has to take it), and the
  /// answer is the same state.
  ///
  /// - Throws: Why the change could not be recorded (a read-only or full database); nothing is written then and
  ///   no observer is told.
  @discardableResult
  public func write(_ value: Value, for key: Key) async throws -> StoreResponse<Value> {
    try await withKeyLock(key) { try await record(value, for: key) }
  }

  /// Makes the value `decide` picks, from what the single source of truth holds for `key` when the change runs
  /// (`nil` when it holds nothing; a change still waiting for the origin included), the value of `key`, as
  /// ``write(_:for:)`` does, in one step of the key: a toggle decided here reads no origin, and two in a row undo
  /// each other whichever order their tasks run in.
  ///
  /// - Throws: What `decide` throws (nothing is written), or why the change could not be recorded.
  @discardableResult
  public func write(
    for key: Key, deciding decide: @Sendable (Value?) throws -> Value
  ) async throws -> StoreResponse<Value> {
    try await withKeyLock(key) { try await record(try decide(try await cacher.load(key)?.value), for: key) }
  }

  /// Writes `value` as the user's change to `key` and tells every observer; called holding the key's lock.
  private func record(_ value: Value, for key: Key) async throws -> StoreResponse<Value> {
    let now = clock.now()
    let waits = try await cacher.write(value, for: key, at: now)
    let answer = StoreResponse(
      value: value, source: cacher.keepsChanges ? .cache : .local, fetchedAt: now, isStale: false,
      waitsForOrigin: waits)
    observers.broadcast(.completed(answer), for: key)
    return answer
  }

  /// Tells every observer of `key` what the single source of truth holds now: after a sender delivered a change
  /// (it no longer waits) or undid one its origin refused (the cache is then empty, and observers that stay open
  /// read the origin again).
  public func reload(_ key: Key) async {
    await withKeyLock(key) {
      guard observers.isObserved(key) else { return }
      let cached = try? await cacher.load(key)
      guard let cached else {
        if inFlight[key] == nil { _ = startFetch(key, kind: .replace, cached: nil) }
        return
      }
      observers.broadcast(.completed(response(cached, source: .cache)), for: key)
    }
  }

  /// Deletes the cached value of `key`; while a fetch of `key` runs, tells its observers that the cache holds
  /// nothing.
  public func clear(_ key: Key) async throws {
    try await withKeyLock(key) {
      try await cacher.clear(key)
      if inFlight[key] != nil { observers.broadcast(.loading(cached: nil), for: key) }
    }
  }
}

extension Store where Value: Decodable {
  /// The value `change` writes (one of this store's changes, as a ``ChangeReport`` names it): what the user meant,
  /// read as the store keeps it; `nil` when this version cannot read it.
  public nonisolated func intent(of change: PendingChange) -> Value? {
    try? JSONDecoder().decode(Value.self, from: change.payload)
  }
}
