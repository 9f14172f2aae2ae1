import Foundation

extension Store {
  /// What a fetch brings: the whole value, or one more page to append to the cached list.
  enum FetchKind: Sendable {
    case replace
    case nextPage(pageKey: String, append: @Sendable (Value, Value) -> Value)

    var pageKey: String? {
      if case .nextPage(let pageKey, _) = self { pageKey } else { nil }
    }
  }

  /// Runs `body` as the only step of `key` in progress; steps of one key run in the order they asked.
  func withKeyLock<T>(_ key: Key, _ body: () async throws -> T) async rethrows -> T {
    if !locks.tryAcquire(key) {
      await withCheckedContinuation { locks.enqueue($0, for: key) }
    }
    defer { locks.release(key)?.resume() }
    return try await body()
  }

  /// Starts the fetch of `key` and tells every observer `loading(cached:)` (unless they were just told), or
  /// returns the running one.
  ///
  /// Called while holding the lock of `key`. The fetch runs in a task of its own, which is cancelled once no
  /// waiter and no observer is left for it (see ``abandonIfUnwanted(_:)``).
  func startFetch(
    _ key: Key, kind: FetchKind, cached: CachedValue<Value>?, announce: Bool = true
  )
    -> SharedOutcome<FetchOutcome>
  {
    if let running = inFlight[key] { return running.outcome }
    let outcome = SharedOutcome<FetchOutcome> { Task { await self.abandonIfUnwanted(key) } }
    let task = Task { await runFetch(key, kind: kind, outcome: outcome) }
    inFlight[key] = Fetch(outcome: outcome, task: task)
    if announce { observers.broadcast(.loading(cached: cached.map { response($0, source: .cache) }), for: key) }
    return outcome
  }

  /// Cancels the running fetch of `key` when no read and no `requestNext(_:)` caller waits for it any more. The
  /// fetch ends without touching the cache; a read that comes later starts a new one.
  func abandonIfUnwanted(_ key: Key) {
    guard let fetch = inFlight[key], !fetch.outcome.isAwaited, !observers.isObserved(key) else { return }
    inFlight[key] = nil
    fetch.task.cancel()
  }

  private func runFetch(_ key: Key, kind: FetchKind, outcome: SharedOutcome<FetchOutcome>) async {
    let result: Result<FetchResult<Value>, any Error>
    do {
      result = .success(try await fetcher.fetch(key, pageKey: kind.pageKey))
    } catch {
      result = .failure(error)
    }
    let settled = await withKeyLock(key) {
      guard inFlight[key]?.outcome === outcome else {
        // Abandoned: no one is left to tell, and a newer fetch of the key may be running.
        return FetchOutcome.failure(CancellationError())
      }
      return await settle(key, kind: kind, result: result)
    }
    outcome.resolve(settled)
  }

  /// Saves a fetched value (or keeps the cache after a failure), updates the state and tells every observer.
  private func settle(
    _ key: Key, kind: FetchKind, result: Result<FetchResult<Value>, any Error>
  ) async
    -> FetchOutcome
  {
    do {
      let fetched = try result.get()
      let entry: CachedValue<Value>
      switch kind {
      case .replace:
        entry = CachedValue(value: fetched.value, fetchedAt: clock.now(), nextPageKey: fetched.nextPageKey)
      case .nextPage(let pageKey, let append):
        let current = try await cacher.load(key)
        guard let current, current.nextPageKey == pageKey else { return dropPage(key, current: current) }
        entry = CachedValue(
          value: append(current.value, fetched.value), fetchedAt: current.fetchedAt,
          nextPageKey: fetched.nextPageKey)
      }
      try await cacher.save(entry, for: key)
      // A change that waits for the origin answers over what the origin just said.
      let kept = cacher.keepsChanges ? try await cacher.load(key) ?? entry : entry
      inFlight[key] = nil
      let answer = response(kept, source: .network)
      observers.broadcast(.completed(answer), for: key)
      return .success(answer)
    } catch {
      let cached = try? await cacher.load(key)
      inFlight[key] = nil
      observers.broadcast(.error(error, cached: cached.map { response($0, source: .cache) }), for: key)
      return .failure(error)
    }
  }

  /// Ends a next-page fetch whose list was replaced or cleared while it ran: the page belongs to no list now.
  private func dropPage(_ key: Key, current: CachedValue<Value>?) -> FetchOutcome {
    inFlight[key] = nil
    guard let current else {
      // `clear` told the observers `loading(cached: nil)` already; now they get the first page again.
      if observers.isObserved(key) { _ = startFetch(key, kind: .replace, cached: nil, announce: false) }
      return .failure(StoreError.clearedWhileLoading(key: "\(key)"))
    }
    let answer = response(current, source: .cache)
    observers.broadcast(.completed(answer), for: key)
    return .success(answer)
  }

  /// Sets up a new read of `key`: its observer registered at once, its first state delivered by a short task. When
  /// the read ends, a fetch left without waiters and observers is cancelled.
  nonisolated func subscribe(_ key: Key, policy: CachePolicy) -> AsyncStream<LoadingState<Value>> {
    let (stream, continuation) = AsyncStream.makeStream(of: LoadingState<Value>.self)
    let observers = self.observers
    let id = observers.add(continuation, for: key)
    continuation.onTermination = { _ in
      observers.remove(id, for: key)
      Task { await self.abandonIfUnwanted(key) }
    }
    Task { await deliverFirstState(key, to: id, policy: policy) }
    return stream
  }

  /// Tells a new observer what the cache holds as `policy` allows, starting a fetch when the policy needs one.
  private func deliverFirstState(
    _ key: Key, to id: ObserverRegistry<Key, LoadingState<Value>>.ID, policy: CachePolicy
  )
    async
  {
    await withKeyLock(key) {
      guard observers.contains(id, for: key) else { return }
      let cached: CachedValue<Value>?
      do {
        cached = try await cacher.load(key)
      } catch {
        observers.send(.error(error, cached: nil), to: id, for: key)
        return
      }
      let cachedAnswer = cached.map { response($0, source: .cache) }
      if policy == .offline {
        let state: LoadingState<Value> =
          cachedAnswer.map { .completed($0) } ?? .error(StoreError.notCached(key: "\(key)"), cached: nil)
        observers.send(state, to: id, for: key)
        return
      }
      let isFresh = cached.map { !isStale($0) } ?? false
      if inFlight[key] == nil && (policy == .refresh || !isFresh) {
        _ = startFetch(key, kind: .replace, cached: cached)  // Tells every observer, this one included.
        return
      }
      // A change since subscribing already told this observer the current state.
      guard !observers.hasReceived(id, for: key) else { return }
      if inFlight[key] != nil {
        observers.send(.loading(cached: cachedAnswer), to: id, for: key)
      } else if let cachedAnswer {
        observers.send(.completed(cachedAnswer), to: id, for: key)
      }
    }
  }

  func isStale(_ cached: CachedValue<Value>) -> Bool {
    freshness.needsRefresh(cached.value, fetchedAt: cached.fetchedAt, now: clock.now())
  }

  func response(_ cached: CachedValue<Value>, source: DataSource) -> StoreResponse<Value> {
    StoreResponse(
      value: cached.value, source: source, fetchedAt: cached.fetchedAt,
      isStale: source == .cache && isStale(cached), hasNextPage: cached.nextPageKey != nil,
      waitsForOrigin: cached.waitsForOrigin)
  }
}
