import Foundation
import Presenter
import Repository
import TestScheduling
import Testing
import UseCase

@Suite(.untimed) struct CacheThenOriginTests {
  struct Down: Error {}
  struct NotFound: Error {}

  /// Counts cache reads.
  actor Reads {
    private(set) var count = 0
    func read() -> String? {
      count += 1
      return "old"
    }
  }

  /// What a use case answers: `content` fetched now, or kept from the cache because of `refreshFailure`.
  static func outcome(_ content: String, keptBecause refreshFailure: (any Error)? = nil) -> Outcome<String, any Error> {
    let outcome = Outcome<String, any Error>(
      content, provenance: Provenance(source: .network, fetchedAt: Date(timeIntervalSince1970: 0)),
      answeredAt: Date(timeIntervalSince1970: 0))
    return refreshFailure.map(outcome.keptBecause) ?? outcome
  }

  /// Settles with `cached` over a fetch that answers `fetch`, showing the content, describing errors by their type
  /// name.
  func settle(
    cached: String?, fetch: @escaping () async throws -> Outcome<String, any Error>,
    keepsCache: @escaping (any Error) -> Bool = { _ in true }
  ) async -> Settled<String, String> {
    await CacheThenOrigin.settle(
      cached: cached, fetch: fetch, present: \.content, describe: { "\(type(of: $0))" }, keepsCache: keepsCache)
  }

  @Test func freshContentReplacesTheCache() async {
    let settled = await settle(cached: "old", fetch: { Self.outcome("new") })
    guard case .content("new", nil) = settled else {
      Issue.record("got \(settled)")
      return
    }
  }

  @Test func theCacheIsReadOnlyWhenTheFetchFails() async {
    let reads = Reads()
    _ = await CacheThenOrigin.settle(
      cached: await reads.read(), fetch: { Self.outcome("new") }, present: \.content,
      describe: { "\(type(of: $0))" })
    #expect(await reads.count == 0)
    _ = await CacheThenOrigin.settle(
      cached: await reads.read(), fetch: { () async throws -> Outcome<String, any Error> in throw Down() },
      present: \.content, describe: { "\(type(of: $0))" })
    #expect(await reads.count == 1)
  }

  @Test func aFailedFetchKeepsTheCacheWithTheFailureAsAStaleNotice() async {
    let settled = await settle(cached: "old", fetch: { throw Down() })
    guard case .content("old", "Down") = settled else {
      Issue.record("got \(settled)")
      return
    }
  }

  @Test func aFailedFetchWithNothingCachedIsTheFailure() async {
    let settled = await settle(cached: nil, fetch: { throw Down() })
    guard case .failure("Down") = settled else {
      Issue.record("got \(settled)")
      return
    }
  }

  @Test func aFailureThatMakesTheCacheIrrelevantIsShownEvenWithACache() async {
    let settled = await settle(cached: "old", fetch: { throw NotFound() }, keepsCache: { !($0 is NotFound) })
    guard case .failure("NotFound") = settled else {
      Issue.record("got \(settled)")
      return
    }
  }

  @Test func contentTheStoreKeptBecauseTheOriginFailedIsStale() async {
    let settled = await settle(cached: nil, fetch: { Self.outcome("kept", keptBecause: Down()) })
    guard case .content("kept", "Down") = settled else {
      Issue.record("got \(settled)")
      return
    }
  }
}
