import Foundation

/// How much the cache may keep: entries older than ``maximumAge`` are dropped, and past ``maximumBytes`` the
/// entries fetched longest ago go first. User data, kept in other tables, is never touched.
public struct CacheLimits: Sendable, Equatable {
  /// The age past which an entry is dropped.
  public var maximumAge: Duration
  /// The total size of the entries' payloads and keys, in bytes, the cache stays under.
  public var maximumBytes: Int

  /// The age limit when none is set: 30 days.
  public static let defaultMaximumAge = Duration.seconds(30 * 24 * 3600)
  /// The size limit, in megabytes, when `APP_CACHE_MAX_MB` is unset.
  public static let defaultMaximumMegabytes = 100

  /// The default limits: 30 days and 100 MB.
  public static let standard = CacheLimits(
    maximumAge: defaultMaximumAge, maximumBytes: defaultMaximumMegabytes * 1_000_000)

  /// Creates limits.
  public init(maximumAge: Duration, maximumBytes: Int) {
    self.maximumAge = maximumAge
    self.maximumBytes = maximumBytes
  }
}
