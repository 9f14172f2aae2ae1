import Infrastructure
import Repository

extension StoreStream {
  /// The store's states in a use case's terms (see ``ReadState/init(_:answeredAt:content:failure:keepsCache:)``),
  /// each dated on `clock` as it arrives.
  ///
  /// Each iteration is its own read of the store, ending when the store's stream ends; an iteration that stops
  /// (break, or a cancelled task) ends its store subscription too, so a fetch no one else wants is cancelled.
  ///
  /// `settling`, when given, takes each settled state of the store before it is mapped, and answers the one to
  /// show instead: a paged list's remaining pages (``Store/appendingRemainingPages(to:of:)``), say.
  public func reading<Content: Sendable, Failure: Error>(
    on clock: any AppClock, content: @escaping @Sendable (Value) -> Content,
    failure: @escaping @Sendable (any Error) -> Failure,
    keepsCache: @escaping @Sendable (Failure) -> Bool = { _ in true },
    settling: (@Sendable (LoadingState<Value>) async -> LoadingState<Value>)? = nil
  ) -> Reading<ReadState<Content, Failure>> {
    Reading<LoadingState<Value>>(self)
      .reading(on: clock, content: content, failure: failure, keepsCache: keepsCache, settling: settling)
  }

  /// The store's states in a use case's terms with the store's value as their content, each dated on `clock` as it
  /// arrives: a read a use case composes with others (``Reading/combining(_:_:)``) before it maps the content.
  public func reading<Failure: Error>(
    on clock: any AppClock, failure: @escaping @Sendable (any Error) -> Failure,
    keepsCache: @escaping @Sendable (Failure) -> Bool = { _ in true }
  ) -> Reading<ReadState<Value, Failure>> {
    reading(on: clock, content: { $0 }, failure: failure, keepsCache: keepsCache)
  }
}

extension Reading {
  /// The states of `sequence` as a read: a store's stream, say, so it combines with others
  /// (``combining(_:_:)``).
  public init<Source: AsyncSequence & Sendable>(_ sequence: Source)
  where Source.Element == State, Source.Failure == Never {
    self = .relaying(sequence) { $0 }
  }

  /// A read of one or more stores in a use case's terms (see
  /// ``ReadState/init(_:answeredAt:content:failure:keepsCache:)``), each state dated on `clock` as it arrives;
  /// `settling` as for a store's stream (`StoreStream.reading(on:content:failure:keepsCache:settling:)`).
  public func reading<Value: Sendable, Content: Sendable, Failure: Error>(
    on clock: any AppClock, content: @escaping @Sendable (Value) -> Content,
    failure: @escaping @Sendable (any Error) -> Failure,
    keepsCache: @escaping @Sendable (Failure) -> Bool = { _ in true },
    settling: (@Sendable (LoadingState<Value>) async -> LoadingState<Value>)? = nil
  ) -> Reading<ReadState<Content, Failure>> where State == LoadingState<Value> {
    .relaying(self) { received in
      var state = received
      if let settling, state.isSettled { state = await settling(state) }
      return ReadState(state, answeredAt: clock.now(), content: content, failure: failure, keepsCache: keepsCache)
    }
  }
}
