/// The states of one read of a store, as an async sequence; each iteration is its own subscription.
///
/// Iterating starts by yielding what the cache holds as the ``CachePolicy`` allows, fetches when the policy asks
/// for the origin (missing or stale data, or a refresh), yields the outcome and ends. Stop iterating (break, or
/// cancel the task) to unsubscribe: a fetch that no one else waits for is then cancelled.
public struct StoreStream<Value: Sendable>: AsyncSequence, Sendable {
  /// The element: a loading state.
  public typealias Element = LoadingState<Value>
  /// Iterating never throws; errors are ``LoadingState/error(_:cached:)`` elements.
  public typealias Failure = Never

  private let subscribe: @Sendable () -> AsyncStream<LoadingState<Value>>

  init(subscribe: @escaping @Sendable () -> AsyncStream<LoadingState<Value>>) {
    self.subscribe = subscribe
  }

  /// Creates an iterator; the subscription starts with its first `next()`.
  public func makeAsyncIterator() -> Iterator {
    Iterator(subscribe: subscribe)
  }

  /// Iterates the states of one subscription.
  public struct Iterator: AsyncIteratorProtocol {
    private var subscribe: (@Sendable () -> AsyncStream<LoadingState<Value>>)?
    private var base: AsyncStream<LoadingState<Value>>.Iterator?

    init(subscribe: @escaping @Sendable () -> AsyncStream<LoadingState<Value>>) {
      self.subscribe = subscribe
    }

    /// The next state; `nil` once the read has settled or the iterating task is cancelled.
    public mutating func next() async -> LoadingState<Value>? {
      startIfNeeded()
      return await base?.next()
    }

    /// The next state, staying in the caller's isolation; `nil` once the read has settled or the iterating task
    /// is cancelled.
    public mutating func next(isolation actor: isolated (any Actor)?) async -> LoadingState<Value>? {
      startIfNeeded()
      return await base?.next(isolation: actor)
    }

    private mutating func startIfNeeded() {
      guard let subscribe else { return }
      base = subscribe().makeAsyncIterator()
      self.subscribe = nil
    }
  }
}
