/// What a factory receives to resolve its own dependencies.
///
/// A resolver remembers the chain of resolves that led to the factory, so a missing registration or a
/// cycle deep in a graph is reported with its whole path. It is an immutable value and can be shared.
public struct Resolver: Sendable {
  let container: Container
  let frame: Frame?
  let sink: EdgeSink?
  let recorder: ValidationRecorder?

  /// Resolves `type` registered under `name`, one step deeper in the current chain.
  public func resolve<T>(_ type: T.Type = T.self, name: Name? = nil) throws(ResolutionError) -> T {
    try container.resolve(type, name: name, parent: frame, sink: sink, recorder: recorder)
  }

  /// Every registration of `type`, whatever its name, in name order (unnamed first).
  public func resolveAll<T>(_ type: T.Type = T.self) throws(ResolutionError) -> [T] {
    try container.resolveAll(type, parent: frame, sink: sink, recorder: recorder)
  }

  /// The keys being resolved, outermost first: who is asking, and on whose behalf.
  public var chain: [ServiceKey] {
    frame?.chain ?? []
  }
}
