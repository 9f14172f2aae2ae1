/// The states of a read as an async sequence that never throws (typed failures travel inside the states, as
/// ``ReadState/failed(_:)``); each iteration is its own read.
///
/// The read starts when an iteration begins and ends with its iterator: a consumer that breaks out of its loop, or
/// whose task is cancelled, leaves the read, and what it was waiting for is cancelled when no one else wants it.
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

  /// Creates an iterator: the read starts here, when the iteration begins.
  public func makeAsyncIterator() -> AsyncStream<State>.Iterator {
    start().makeAsyncIterator()
  }
}
