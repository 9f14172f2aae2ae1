import Foundation
import TestScheduling
import Testing

@testable import Repository

@Suite(.untimed) struct FreshnessPolicyTests {
  let fetchedAt = Date(timeIntervalSince1970: 1_000)

  @Test func timeToLive() {
    let policy = FreshnessPolicy<Int>.ttl(.seconds(60))
    #expect(!policy.needsRefresh(0, fetchedAt: fetchedAt, now: fetchedAt))
    #expect(!policy.needsRefresh(0, fetchedAt: fetchedAt, now: fetchedAt + 59.5))
    #expect(policy.needsRefresh(0, fetchedAt: fetchedAt, now: fetchedAt + 60))
    #expect(policy.needsRefresh(0, fetchedAt: fetchedAt, now: fetchedAt - 1), "stamped in the future")
    #expect(FreshnessPolicy<Int>.ttl(.milliseconds(1_500)).needsRefresh(0, fetchedAt: fetchedAt, now: fetchedAt + 1.5))
  }

  @Test func alwaysNeverAndCustomRules() {
    #expect(FreshnessPolicy<Int>.always.needsRefresh(0, fetchedAt: fetchedAt, now: fetchedAt))
    #expect(!FreshnessPolicy<Int>.never.needsRefresh(0, fetchedAt: fetchedAt, now: .distantFuture))
    let emptyIsStale = FreshnessPolicy<[Int]> { cached, _, _ in cached.isEmpty }
    #expect(emptyIsStale.needsRefresh([], fetchedAt: fetchedAt, now: fetchedAt))
    #expect(!emptyIsStale.needsRefresh([1], fetchedAt: fetchedAt, now: fetchedAt))
  }
}
