import AsyncAlgorithms
import Foundation
import Repository

extension Reading {
  /// Two reads of stores as one read of both: a state whenever either part's changes (AsyncAlgorithms'
  /// `combineLatest`), each the two states as one (`LoadingState.both(_:_:)`). It ends when both parts have
  /// ended.
  public static func combining<First: Sendable, Second: Sendable>(
    _ first: Reading<LoadingState<First>>, _ second: Reading<LoadingState<Second>>
  ) -> Reading<LoadingState<(First, Second)>> where State == LoadingState<(First, Second)> {
    .relaying(combineLatest(first, second)) { .both($0.0, $0.1) }
  }

  /// The read's last state: for a store's read, the settled one; `nil` when it ended first (its task was
  /// cancelled).
  public func last() async -> State? {
    var last: State?
    for await state in self { last = state }
    return last
  }
}

extension LoadingState {
  /// The states of two reads as the state of one read of both: loading while either part loads, then completed
  /// when both are, else the first part's failure.
  ///
  /// Its content is both parts' content together whenever each part has some, cached or fetched: while one part
  /// is fetched, the other's content still shows, and after a failure the content each part's cache keeps is kept
  /// together. Together they are as old as the older part, stale if either is, from the network if either is, have
  /// a next page if either has, and wait for their origin if either does.
  public static func both<First, Second>(
    _ first: LoadingState<First>, _ second: LoadingState<Second>
  ) -> LoadingState<(First, Second)> where Content == (First, Second) {
    func joined(_ one: StoreResponse<First>, _ other: StoreResponse<Second>) -> StoreResponse<(First, Second)> {
      StoreResponse(
        value: (one.value, other.value), source: one.source == .network || other.source == .network ? .network : .cache,
        fetchedAt: min(one.fetchedAt, other.fetchedAt), isStale: one.isStale || other.isStale,
        hasNextPage: one.hasNextPage || other.hasNextPage, waitsForOrigin: one.waitsForOrigin || other.waitsForOrigin)
    }
    let content = first.response.flatMap { one in second.response.map { joined(one, $0) } }
    switch (first, second) {
    case (.loading, _), (_, .loading): return .loading(cached: content)
    case (.error(let error, _), _), (_, .error(let error, _)): return .error(error, cached: content)
    case (.completed(let one), .completed(let other)): return .completed(joined(one, other))
    }
  }

  /// The same state with its content transformed, and every other field of its answer kept
  /// (``/Repository/StoreResponse/map(_:)``).
  public func map<NewContent: Sendable>(_ transform: (Content) -> NewContent) -> LoadingState<NewContent> {
    switch self {
    case .loading(let cached): return .loading(cached: cached.map { $0.map(transform) })
    case .completed(let response): return .completed(response.map(transform))
    case .error(let error, let cached): return .error(error, cached: cached.map { $0.map(transform) })
    }
  }
}
