/// Where a value came from: fetched from the origin during this run, or read from the local cache. Store answers
/// carry it up to the screens, and every JSON result prints it as `"network"` or `"cache"`.
public enum DataSource: String, Codable, Hashable, Sendable {
  /// Fetched from the origin (usually a remote API) during this run, at least in part.
  case network
  /// Entirely from the local cache, the single source of truth, without asking the origin this time.
  case cache
}
