extension Store where Value: RangeReplaceableCollection {
  /// Fetches the page after the cached list of `key`, appends it, saves the list with the new next-page key
  /// and tells every observer; returns the whole list.
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
