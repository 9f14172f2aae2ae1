import AsyncAlgorithms
import Foundation
import Repository

extension Reading {
  /// Two reads as one read of both, in a use case's terms: a state whenever either part's changes (AsyncAlgorithms'
  /// `combineLatest`), each the two states as one (``ReadState/both(_:_:)``). It ends when both parts have ended.
  public static func combining<First: Sendable, Second: Sendable, PartFailure: Error>(
    _ first: Reading<ReadState<First, PartFailure>>, _ second: Reading<ReadState<Second, PartFailure>>
  ) -> Reading<ReadState<(First, Second), PartFailure>> where State == ReadState<(First, Second), PartFailure> {
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

extension ReadState {
  /// The states of two reads as the state of one read of both: loading while either part loads, then the first
  /// part's failure when a part has nothing to show, else done with both.
  ///
  /// Its outcome is both parts' outcomes together whenever each part has one: while one part is fetched, the
  /// other's content still shows, and a part kept from its cache keeps the whole (its refresh failure is the
  /// whole's). Together they are as old as the older part, answered when the later part was, stale if either is,
  /// from the network if either is, and wait for their origin if either does.
  public static func both<First, Second>(
    _ first: ReadState<First, Failure>, _ second: ReadState<Second, Failure>
  ) -> ReadState<(First, Second), Failure> where Content == (First, Second) {
    func joined(
      _ one: Outcome<First, Failure>, _ other: Outcome<Second, Failure>
    ) -> Outcome<(First, Second), Failure> {
      let (left, right) = (one.provenance, other.provenance)
      return Outcome(
        (one.content, other.content),
        provenance: Provenance(
          source: left.source == .network || right.source == .network ? .network : .cache,
          fetchedAt: min(left.fetchedAt, right.fetchedAt), isStale: left.isStale || right.isStale,
          waitsForOrigin: left.waitsForOrigin || right.waitsForOrigin),
        answeredAt: max(one.answeredAt, other.answeredAt), refreshFailure: one.refreshFailure ?? other.refreshFailure)
    }
    switch (first, second) {
    case (.loading, _), (_, .loading):
      return .loading(first.outcome.flatMap { one in second.outcome.map { joined(one, $0) } })
    case (.failed(let failure), _), (_, .failed(let failure)):
      return .failed(failure)
    case (.done(let one), .done(let other)):
      return .done(joined(one, other))
    }
  }

  /// The same state with `transform`'s content: its provenance, answer time and refresh failure all kept.
  public func map<NewContent: Sendable>(_ transform: (Content) -> NewContent) -> ReadState<NewContent, Failure> {
    switch self {
    case .loading(let outcome): .loading(outcome?.map(transform))
    case .done(let outcome): .done(outcome.map(transform))
    case .failed(let failure): .failed(failure)
    }
  }
}
