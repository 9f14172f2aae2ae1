import Synchronization
import UseCase

/// A test double for a lookup a feature interface offers: answers what the test says and records every query.
///
/// An interface makes it its double by conforming it to its protocol for its own query and item types, so each
/// using feature's tests stand in for the offering feature without building it. ``unimplemented(_:)`` fails every
/// lookup with a reason naming the interface, so a test that forgets to say what the other feature answers sees
/// that instead of a silent empty list.
public struct LookupDouble<Query: Sendable, Item: Sendable>: Sendable {
  private let answer: @Sendable (Query) async throws(RelatedLookupFailure) -> [Item]
  private let log = Log()

  /// A double that answers each query with `answer`.
  public init(answer: @escaping @Sendable (Query) async throws(RelatedLookupFailure) -> [Item]) {
    self.answer = answer
  }

  /// Answers every query with `items`.
  public static func returning(_ items: [Item]) -> Self {
    Self { _ in items }
  }

  /// Fails every query with `failure`.
  public static func failing(_ failure: RelatedLookupFailure) -> Self {
    Self { _ throws(RelatedLookupFailure) in throw failure }
  }

  /// Never answers until the lookup is cancelled, as an origin that does not answer.
  public static var unanswered: Self {
    Self { _ throws(RelatedLookupFailure) in
      // Ends only by cancellation, as a transfer that is given up.
      try? await Task.sleep(for: .seconds(86_400))
      throw .failed("cancelled")
    }
  }

  /// Fails every query, saying that the test did not set what `interface` answers.
  public static func unimplemented(_ interface: String) -> Self {
    Self { _ throws(RelatedLookupFailure) in
      throw .failed("\(interface) double: the test did not say what it answers")
    }
  }

  /// The queries asked so far, oldest first.
  public var queries: [Query] { log.list.withLock { $0 } }

  /// Records `query` and answers it.
  public func lookUp(_ query: Query) async throws(RelatedLookupFailure) -> [Item] {
    log.list.withLock { $0.append(query) }
    return try await answer(query)
  }

  private final class Log: Sendable {
    let list = Mutex<[Query]>([])
  }
}
