import Foundation

/// Decides when cached data is stale and must be fetched again: after a time to live, or by any rule.
public struct FreshnessPolicy<Value>: Sendable {
  private let rule: @Sendable (Value, Date, Date) -> Bool

  /// Creates a policy from a rule that answers whether `cached`, fetched at `fetchedAt`, needs a refresh `now`.
  public init(needsRefresh rule: @escaping @Sendable (_ cached: Value, _ fetchedAt: Date, _ now: Date) -> Bool) {
    self.rule = rule
  }

  /// Whether `cached`, fetched at `fetchedAt`, needs a refresh at `now`.
  public func needsRefresh(_ cached: Value, fetchedAt: Date, now: Date) -> Bool {
    rule(cached, fetchedAt, now)
  }

  /// Data is fresh for `timeToLive` after it was fetched. Data stamped in the future (the clock went back) is
  /// stale, since its age is unknown.
  public static func ttl(_ timeToLive: Duration) -> Self {
    let interval = timeToLive.timeInterval
    return Self { _, fetchedAt, now in now < fetchedAt || now.timeIntervalSince(fetchedAt) >= interval }
  }

  /// Data is always stale: every read shows the cache, then fetches (stale-while-revalidate).
  public static var always: Self { Self { _, _, _ in true } }

  /// Data never goes stale by itself; only a forced refresh or `clear` fetches again.
  public static var never: Self { Self { _, _, _ in false } }
}

extension Duration {
  /// The duration in seconds, as `Date` arithmetic takes it.
  var timeInterval: TimeInterval {
    let (seconds, attoseconds) = components
    return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
  }
}
