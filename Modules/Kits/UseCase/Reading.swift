/// The states of a read as an async sequence that never throws (typed failures travel inside the states, as
/// ``ReadState/failed(_:)``); each iteration is its own read.
///
/// The read starts with the iterator's first `next()` and ends with the iterator: a consumer that breaks out of
/// its loop, or whose task is cancelled, leaves the read, and what it was waiting for is cancelled when no one else
/// wants it.
public struct Reading<State: Sendable>: AsyncSequence, Sendable {
  /// The element: one state of the read.
  public typealias Element = State
  /// Iterating never throws.
  public typealias Failure = Never

  private let start: @Sendable () -> AsyncStream<State>

  /// A sequence whose every iteration reads the states `start` yields.
  public init(_ start: @escaping @Sendable () -> AsyncStream<State>) {
    self.start = start
  }

  /// Creates an iterator; the read starts with its first `next()`.
  public func makeAsyncIterator() -> Iterator {
    Iterator(start: start)
  }

  /// Iterates the states of one read.
  public struct Iterator: AsyncIteratorProtocol {
    private var start: (@Sendable () -> AsyncStream<State>)?
    private var base: AsyncStream<State>.Iterator?

    init(start: @escaping @Sendable () -> AsyncStream<State>) {
      self.start = start
    }

    /// The next state; `nil` once the read has ended or the iterating task is cancelled.
    public mutating func next() async -> State? {
      startIfNeeded()
      return await base?.next()
    }

    /// The next state, staying in the caller's isolation; `nil` once the read has ended or the task is cancelled.
    public mutating func next(isolation actor: isolated (any Actor)?) async -> State? {
      startIfNeeded()
      return await base?.next(isolation: actor)
    }

    private mutating func startIfNeeded() {
      guard let start else { return }
      base = start().makeAsyncIterator()
      self.start = nil
    }
  }
}
