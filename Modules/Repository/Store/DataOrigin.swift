/// Where a value a store answers with came from.
public enum DataOrigin: Sendable, Hashable {
  /// The local cache, the single source of truth, read without asking the origin this time.
  case cache
  /// The origin (usually a remote API), fetched for this answer.
  case origin
}
