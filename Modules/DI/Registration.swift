import Synchronization

/// A registration without its type: what reports, graphs and cycle checks need.
///
/// `@unchecked Sendable` is safe: every stored property is a `let` of a Sendable type, and the only
/// mutable state (a singleton's instance) lives in subclasses behind a `Mutex`.
class AnyRegistration: @unchecked Sendable {
  let key: ServiceKey
  let scope: Scope
  /// The assembly that made the registration, if it was made by one.
  let assembly: String?

  init(key: ServiceKey, scope: Scope, assembly: String?) {
    self.key = key
    self.scope = scope
    self.assembly = assembly
  }

  /// Resolves this registration from the top with every factory's edges recorded; returns the failure, if any.
  func probe(in container: Container, recorder: ValidationRecorder) -> ResolutionError? { nil }

  /// The same registration with no instance built yet, for a container of its own.
  func fresh() -> AnyRegistration { self }
}

/// A registration of `T`: builds a new instance with its factory on every resolve (transient scope).
class Registration<T>: AnyRegistration, @unchecked Sendable {
  typealias Factory = @Sendable (Resolver) throws -> T
  let factory: Factory

  init(key: ServiceKey, scope: Scope, assembly: String?, factory: @escaping Factory) {
    self.factory = factory
    super.init(key: key, scope: scope, assembly: assembly)
  }

  /// The instance for a resolve whose enclosing step is `parent`.
  func instance(in container: Container, parent: Frame?, recorder: ValidationRecorder?) throws(ResolutionError) -> T {
    try build(in: container, parent: parent, recorder: recorder, sink: recorder.map { _ in EdgeSink() })
  }

  /// Runs the factory with a resolver one step deeper than `parent`; wraps a factory's own error.
  final func build(
    in container: Container, parent: Frame?, recorder: ValidationRecorder?, sink: EdgeSink?
  ) throws(ResolutionError) -> T {
    let frame = Frame(self, parent: parent)
    defer {
      if let recorder, let sink { recorder.record(key, dependsOn: sink.collected) }
    }
    do {
      return try factory(Resolver(container: container, frame: frame, sink: sink, recorder: recorder))
    } catch let error as ResolutionError {
      throw error
    } catch {
      throw .factoryFailed(key, chain: frame.chain, underlying: error)
    }
  }

  override func probe(in container: Container, recorder: ValidationRecorder) -> ResolutionError? {
    do {
      _ = try instance(in: container, parent: nil, recorder: recorder)
      return nil
    } catch {
      return error
    }
  }

  override func fresh() -> AnyRegistration {
    Registration(key: key, scope: scope, assembly: assembly, factory: factory)
  }
}

/// A registration of `T` that builds one instance per container, exactly once.
///
/// `@unchecked Sendable` is safe: the instance and its recorded edges are only touched inside `state`'s lock.
final class SingletonRegistration<T: Sendable>: Registration<T>, @unchecked Sendable {
  private struct State {
    var instance: T?
    var dependencies: [ServiceKey] = []
  }

  private let state = Mutex(State())

  init(key: ServiceKey, assembly: String?, factory: @escaping Factory) {
    super.init(key: key, scope: .singleton, assembly: assembly, factory: factory)
  }

  override func instance(
    in container: Container, parent: Frame?, recorder: ValidationRecorder?
  ) throws(ResolutionError) -> T {
    try state.withLock { (state: inout State) throws(ResolutionError) -> T in
      if let instance = state.instance {
        recorder?.record(key, dependsOn: state.dependencies)
        return instance
      }
      let sink = EdgeSink()
      let instance = try build(in: container, parent: parent, recorder: recorder, sink: sink)
      state.instance = instance
      state.dependencies = sink.collected
      return instance
    }
  }

  override func fresh() -> AnyRegistration {
    SingletonRegistration(key: key, assembly: assembly, factory: factory)
  }
}

/// Stands for a key registered twice without `override: true`: resolving it reports the conflict.
final class ConflictRegistration<T>: Registration<T>, @unchecked Sendable {
  /// The assemblies that registered the key, in registration order.
  let registeredBy: [String]

  init(key: ServiceKey, registeredBy: [String]) {
    self.registeredBy = registeredBy
    super.init(key: key, scope: .transient, assembly: nil) { _ in
      throw ResolutionError.ambiguous(key, chain: [key], registeredBy: registeredBy)
    }
  }

  override func instance(
    in container: Container, parent: Frame?, recorder: ValidationRecorder?
  ) throws(ResolutionError) -> T {
    throw .ambiguous(key, chain: (parent?.chain ?? []) + [key], registeredBy: registeredBy)
  }

  override func fresh() -> AnyRegistration { self }
}
