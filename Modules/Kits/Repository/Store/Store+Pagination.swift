extension Store where Value: RangeReplaceableCollection {
  /// Fetches the page after the cached list of `key`, appends it, saves the list with the new next-page key
  /// and tells every read of `key` that has not settled; returns the whole list.
  ///
  /// With nothing cached it fetches the first page; with no next page it answers from the cache without
  /// fetching (``StoreResponse/hasNextPage`` is `false`). While any fetch of `key` runs, it joins that fetch.
  @discardableResult
  public func requestNext(_ key: Key) async throws -> StoreResponse<Value> {
    let step: Step = try await withKeyLock(key) {
      if let running = inFlight[key] { return .join(running.outcome) }
      guard let cached = try await cacher.load(key) else {
        return .join(startFetch(key, kind: .replace, cached: nil))
      }
      guard let pageKey = cached.nextPageKey else { return .answer(response(cached, source: .cache)) }
      return .join(startFetch(key, kind: .nextPage(pageKey: pageKey, append: { $0 + $1 }), cached: cached))
    }
    return try await step.result()
  }
}

extension Store where Value: RangeReplaceableCollection {
  /// `state` with the rest of `key`'s pages: while it is `completed` with a next page, asks for that page (see
  /// ``requestNext(_:)``). Settles on the whole list, or on the failure with the list the cache keeps, as a read
  /// of the store does; any other state is answered as it is.
  public func appendingRemainingPages(to state: LoadingState<Value>, of key: Key) async -> LoadingState<Value> {
    var state = state
    while case .completed(let response) = state, response.hasNextPage {
      do {
        state = .completed(try await requestNext(key))
      } catch {
        let cached = try? await cacher.load(key)
        state = .error(error, cached: cached.map { self.response($0, source: .cache) })
      }
    }
    return state
  }
}
