/// Where a result came from, as every JSON result says: `"network"` or `"cache"`.
public enum DataSource: String, Codable, Hashable, Sendable {
  /// Fetched from the origin during this run (at least in part).
  case network
  /// Entirely from the local cache.
  case cache
}
