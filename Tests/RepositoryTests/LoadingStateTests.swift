import Foundation
import TestScheduling
import Testing

@testable import Repository

@Suite(.untimed) struct LoadingStateTests {
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  let date = Date(timeIntervalSince1970: 0)

  @Test func everyCaseCarriesItsContent() {
    #expect(LoadingState<Int>.loading(cached: 1).content == 1)
    #expect(LoadingState<Int>.loading(cached: nil).content == nil)
    #expect(LoadingState<Int>.completed(2, source: .network, fetchedAt: date).content == 2)
    #expect(LoadingState<Int>.error(Failure(description: "x"), cached: 3).content == 3)
    #expect(LoadingState<Int>.loading(cached: 1).isLoading)
    #expect(!LoadingState<Int>.error(Failure(description: "x"), cached: nil).isLoading)
  }

  @Test func equalityComparesErrorsByDescription() {
    let error = LoadingState<Int>.error(Failure(description: "a"), cached: 1)
    #expect(error == .error(Failure(description: "a"), cached: 1))
    #expect(error != .error(Failure(description: "b"), cached: 1))
    #expect(error != .error(Failure(description: "a"), cached: nil))
    let cached = LoadingState<Int>.completed(1, source: .cache, fetchedAt: date)
    #expect(cached != .completed(1, source: .network, fetchedAt: date))
  }
}
