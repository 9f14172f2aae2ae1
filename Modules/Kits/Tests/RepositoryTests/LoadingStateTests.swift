import Foundation
import TestScheduling
import Testing

@testable import Repository

@Suite(.untimed) struct LoadingStateTests {
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  let date = Date(timeIntervalSince1970: 0)

  func cached(_ value: Int, stale: Bool = false) -> StoreResponse<Int> {
    StoreResponse(value: value, source: .cache, fetchedAt: date, isStale: stale)
  }

  @Test func everyCaseCarriesItsContentAndItsAge() {
    #expect(LoadingState<Int>.loading(cached: cached(1)).content == 1)
    #expect(LoadingState<Int>.loading(cached: nil).content == nil)
    let fetched = StoreResponse(value: 2, source: .network, fetchedAt: date, isStale: false)
    #expect(LoadingState<Int>.completed(fetched).response == fetched)
    #expect(
      LoadingState<Int>.error(Failure(description: "x"), cached: cached(3, stale: true)).response?.isStale == true)
    #expect(LoadingState<Int>.error(Failure(description: "x"), cached: cached(3)).response?.fetchedAt == date)
  }

  @Test func onlyLoadingIsUnsettled() {
    #expect(LoadingState<Int>.loading(cached: cached(1)).isLoading)
    #expect(!LoadingState<Int>.loading(cached: nil).isSettled)
    #expect(LoadingState<Int>.completed(cached(1)).isSettled)
    #expect(LoadingState<Int>.error(Failure(description: "x"), cached: nil).isSettled)
    #expect(!LoadingState<Int>.error(Failure(description: "x"), cached: nil).isLoading)
  }

  @Test func equalityComparesErrorsByDescription() {
    let error = LoadingState<Int>.error(Failure(description: "a"), cached: cached(1))
    #expect(error == .error(Failure(description: "a"), cached: cached(1)))
    #expect(error != .error(Failure(description: "b"), cached: cached(1)))
    #expect(error != .error(Failure(description: "a"), cached: nil))
    #expect(error != .error(Failure(description: "a"), cached: cached(1, stale: true)))
    let fetched = StoreResponse(value: 1, source: .network, fetchedAt: date, isStale: false)
    #expect(LoadingState<Int>.completed(cached(1)) != .completed(fetched))
  }
}
