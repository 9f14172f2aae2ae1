/// Where a value came from: fetched from the origin during this run, read from the local cache, or the app's own
/// data. Store answers carry the first two up to the screens, and every JSON result of a read prints them as
/// `"network"` or `"cache"`; `local` is what a write of the user's own data answers.
public enum DataSource: String, Codable, Hashable, Sendable {
  /// Fetched from the origin (usually a remote API) during this run, at least in part.
  case network
  /// Entirely from the local cache, the single source of truth, without asking the origin this time.
  case cache
  /// The user's own data, kept on this machine alone (bookmarks, say): never fetched from an origin, so
  /// never stale. What a write that asks no origin answers, and a read of that data.
  case local
}
