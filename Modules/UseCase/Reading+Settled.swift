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
    Reading {
      let (states, continuation) = AsyncStream.makeStream(of: State.self)
      let task = Task {
        for await state in self {
          continuation.yield(await transform(state))
        }
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
