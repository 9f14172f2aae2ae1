/// Where a one-shot read of a store may take its answer from.
public enum StoreSource: Sendable, Hashable {
  /// Only the cache, fresh or stale; never the origin.
  case cache
  /// Only the origin; the answer is also saved to the cache.
  case origin
  /// The cache when it holds fresh data, else the origin.
  case both
}
