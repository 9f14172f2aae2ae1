import Presenter
import TestScheduling
import Testing

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

  /// Settles with `cached` over a fetch that answers `fetch`, describing errors by their type name.
  func settle(
    cached: String?, fetch: @escaping () async throws -> Fetched<String>,
    keepsCache: @escaping (any Error) -> Bool = { _ in true }
  ) async -> Settled<String, String> {
    await CacheThenOrigin.settle(
      cached: cached, fetch: fetch, describe: { "\(type(of: $0))" }, keepsCache: keepsCache)
  }

  @Test func freshContentReplacesTheCache() async {
    let settled = await settle(cached: "old", fetch: { Fetched("new") })
    guard case .content("new", nil) = settled else {
      Issue.record("got \(settled)")
      return
    }
  }

  @Test func theCacheIsReadOnlyWhenTheFetchFails() async {
    let reads = Reads()
    _ = await CacheThenOrigin.settle(
      cached: await reads.read(), fetch: { Fetched("new") }, describe: { "\(type(of: $0))" })
    #expect(await reads.count == 0)
    _ = await CacheThenOrigin.settle(
      cached: await reads.read(), fetch: { throw Down() }, describe: { "\(type(of: $0))" })
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
    let settled = await settle(cached: nil, fetch: { Fetched("kept", refreshError: Down()) })
    guard case .content("kept", "Down") = settled else {
      Issue.record("got \(settled)")
      return
    }
  }
}
