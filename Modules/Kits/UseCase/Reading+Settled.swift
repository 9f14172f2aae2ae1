extension Reading {
  /// A read that yields `state` and ends: a request the use case refuses before reading anything.
  public static func just(_ state: State) -> Reading<State> {
    Reading {
      AsyncStream { continuation in
        continuation.yield(state)
        continuation.finish()
      }
    }
  }

  /// The same read with every state passed through `transform` (a related section filled in once the content is
  /// read, say); the next state waits for the transform of the one before.
  public func map(_ transform: @escaping @Sendable (State) async -> State) -> Reading<State> {
    .relaying(self, transform)
  }

  /// A read of `source`'s elements, each passed through `transform`: iterating the read iterates `source`, and
  /// leaving the read (break, or a cancelled task) cancels that iteration.
  static func relaying<Source: AsyncSequence & Sendable>(
    _ source: Source, _ transform: @escaping @Sendable (Source.Element) async -> State
  ) -> Reading<State> where Source.Failure == Never {
    relaying(source) { element, yield in yield(await transform(element)) }
  }

  /// A read of the states `relay` yields for each of `source`'s elements (none, one or several), in order:
  /// iterating the read iterates `source`, and leaving the read cancels that iteration.
  static func relaying<Source: AsyncSequence & Sendable>(
    _ source: Source, _ relay: @escaping @Sendable (Source.Element, (State) -> Void) async -> Void
  ) -> Reading<State> where Source.Failure == Never {
    producing { yield in
      for await element in source {
        await relay(element, yield)
      }
    }
  }

  /// A read of the states `produce` yields, run in a task of its own for each iteration: the read ends when
  /// `produce` returns, and leaving the read (break, or a cancelled task) cancels the task. What a use case that
  /// composes several reads (one after another, or one per state of another) answers.
  public static func producing(
    _ produce: @escaping @Sendable (_ yield: (State) -> Void) async -> Void
  ) -> Reading<State> {
    Reading {
      let (states, continuation) = AsyncStream.makeStream(of: State.self)
      let task = Task {
        await produce { continuation.yield($0) }
        continuation.finish()
      }
      continuation.onTermination = { _ in task.cancel() }
      return states
    }
  }

  /// The read's settled answer: its outcome (content kept from the cache included), or its typed failure
  /// thrown; `nil` when the read ended before it settled, because the calling task was cancelled.
  public func settled<Content: Sendable, Failure: Error>() async throws(Failure) -> Outcome<Content, Failure>?
  where State == ReadState<Content, Failure> {
    for await state in self {
      switch state {
      case .loading: continue
      case .done(let outcome): return outcome
      case .failed(let failure): throw failure
      }
    }
    return nil
  }
}
