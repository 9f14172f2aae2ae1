/// How a settled content's related section is found: known at once, or by a lookup to wait for.
public enum RelatedLookup<Item: Sendable & Hashable>: Sendable {
  /// Known without asking (the offering feature is not in the app, or there is nothing to look up by).
  case known(Related<Item>)
  /// Found by `lookup`, which bounds its own wait (``Related/within(_:_:)``).
  case lookUp(@Sendable () async -> Related<Item>)
}

extension Reading {
  /// The same read, with the related section at `section` of the settled content filled in: when it must be
  /// looked up, the content comes first as still loading with the section ``Related/pending``, so a screen shows
  /// it at once, and then done with what the lookup found. A failed read, and the states before it settles, pass
  /// through unchanged.
  public func fillingIn<Content: Sendable, Failure: Error, Item>(
    _ section: WritableKeyPath<Content, Related<Item>> & Sendable,
    by lookup: @escaping @Sendable (Content) -> RelatedLookup<Item>
  ) -> Reading<State> where State == ReadState<Content, Failure> {
    .relaying(self) { state, yield in
      guard case .done(var outcome) = state else { return yield(state) }
      switch lookup(outcome.content) {
      case .known(let related):
        outcome.content[keyPath: section] = related
      case .lookUp(let find):
        outcome.content[keyPath: section] = .pending
        yield(.loading(outcome))
        outcome.content[keyPath: section] = await find()
      }
      yield(.done(outcome))
    }
  }
}
