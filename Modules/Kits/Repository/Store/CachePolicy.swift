/// Where a read may take its answer from: the one policy that `--offline` and `--refresh` choose in every
/// command, that the use cases pass down, and that a store obeys.
public enum CachePolicy: String, Sendable, Hashable, CaseIterable {
  /// The cache while it holds fresh data, else the origin (and the answer is saved to the cache).
  case standard
  /// The origin, even when the cache is fresh (`--refresh`); the answer is saved to the cache.
  case refresh
  /// The cache only, fresh or stale (`--offline`); never the origin.
  case offline
}
