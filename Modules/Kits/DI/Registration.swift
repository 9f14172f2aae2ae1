import Synchronization

/// A registration without its type: what reports, graphs and cycle checks need.
///
/// `@unchecked Sendable` is safe: every stored property is a `let` of a Sendable type, and the only
/// mutable state (a singleton's instance) lives in subclasses, published under a lock.
///
/// `@usableFromInline` (here and on ``Registration``) lets `resolve` be inlined into, and specialized for, the
/// caller's concrete type.
@usableFromInline
class AnyRegistration: @unchecked Sendable {
  let key: ServiceKey
  let scope: Scope
  /// The assembly that made the registration, if it was made by one.
  let assembly: String?
  /// Where the registration was written. Read only to build errors, reports and graphs, never to resolve.
  let location: SourceLocation
  /// Whether a resolve runs the factory itself, inlined where it is made: a plain transient registration, when
  /// no validation is running. Any other resolve goes through ``Registration/instance(via:stack:)``.
  let runsInline: Bool
  /// The address of a singleton's instance, published once the instance is built (`nil` until then, and
  /// always for other scopes), so that a resolve reads a built singleton without a call.
  @usableFromInline let built = Atomic<UnsafeMutableRawPointer?>(nil)

  init(key: ServiceKey, scope: Scope, assembly: String?, location: SourceLocation, runsInline: Bool) {
    self.key = key
    self.scope = scope
    self.assembly = assembly
    self.location = location
    self.runsInline = runsInline
  }

  /// Resolves this registration from the top with every factory's edges recorded; returns the failure, if any.
  func probe(in container: Container, recorder: ValidationRecorder) -> ResolutionError? { nil }

  /// The same registration with no instance built yet, for a container of its own.
  func fresh() -> AnyRegistration { self }
}

/// A registration of `T`: builds a new instance with its factory on every resolve (transient scope).
@usableFromInline
class Registration<T>: AnyRegistration, @unchecked Sendable {
  @usableFromInline typealias Factory = @Sendable (Resolver) throws -> T
  @usableFromInline let factory: Factory

  /// `runsInline` is for this class's own (transient) registrations; subclasses, which resolve otherwise, say
  /// `false`.
  init(
    key: ServiceKey, scope: Scope, assembly: String?, location: SourceLocation, runsInline: Bool = true,
    factory: @escaping Factory
  ) {
    self.factory = factory
    super.init(key: key, scope: scope, assembly: assembly, location: location, runsInline: runsInline)
  }

  /// The instance for a resolve made through `resolver`, by a factory or on the container itself.
  @usableFromInline
  func instance(via resolver: Resolver, stack: UnsafeMutablePointer<ResolutionStack>) throws(ResolutionError) -> T {
    guard stack.pointee.recorder != nil else {
      return try build(via: resolver, stack: stack, sink: nil)
    }
    // A validation is running on this thread: collect the factory's dependencies for it.
    return try build(via: resolver, stack: stack, sink: EdgeSink())
  }

  /// Runs the factory as the innermost step of this thread's resolution; wraps a factory's own error.
  ///
  /// `sink`, if any, collects the keys the factory resolves; a running validation records them.
  final func build(
    via resolver: Resolver, stack: UnsafeMutablePointer<ResolutionStack>, sink: EdgeSink?
  ) throws(ResolutionError) -> T {
    stack.pointee.push(Unmanaged.passUnretained(self), sink: sink)
    defer { stack.pointee.pop() }
    let instance: T
    do {
      instance = try factory(resolver)
    } catch let error as ResolutionError {
      record(sink, on: stack)
      throw error
    } catch {
      record(sink, on: stack)
      throw .factoryFailed(key, chain: stack.pointee.keys, underlying: error, location: location)
    }
    record(sink, on: stack)
    return instance
  }

  /// Hands what `sink` collected to the validation running on this thread, if one is.
  private func record(_ sink: EdgeSink?, on stack: UnsafeMutablePointer<ResolutionStack>) {
    guard let sink, let recorder = stack.pointee.recorder?.takeUnretainedValue() else { return }
    recorder.record(key, dependsOn: sink.collected)
  }

  override func probe(in container: Container, recorder: ValidationRecorder) -> ResolutionError? {
    let stack = ResolutionStack.current
    let outer = stack.pointee.recorder
    stack.pointee.recorder = Unmanaged.passUnretained(recorder)
    ResolutionActivity.shared.begin()
    defer {
      ResolutionActivity.shared.end()
      stack.pointee.recorder = outer
    }
    do {
      _ = try instance(via: Resolver(container: container), stack: stack)
      return nil
    } catch {
      return error
    }
  }

  override func fresh() -> AnyRegistration {
    Registration(key: key, scope: scope, assembly: assembly, location: location, factory: factory)
  }
}

/// A registration of `T` that builds one instance per container, exactly once.
///
/// Once built, the instance is read without a lock: ``AnyRegistration/built`` is set to `storage` (releasing)
/// after `storage` is initialized, and read (acquiring) before `storage` is. Building, and anything a validation records, happens
/// under `building`'s lock, so concurrent first resolves build once. The state is deliberately not generic
/// (no `T?`, no `Mutex<State<T>>`): this code is not specialized, and a generic state would be looked up in the
/// runtime's metadata cache on every resolve.
///
/// `@unchecked Sendable` is safe: `storage` is written once, under the lock and before `built` is published,
/// and only read after `built` is seen; the recorded edges live inside the lock.
final class SingletonRegistration<T: Sendable>: Registration<T>, @unchecked Sendable {
  private let storage = UnsafeMutablePointer<T>.allocate(capacity: 1)
  /// Held while building; holds the keys the factory resolved, for validation reports.
  private let building = Mutex(CollectedDependencies())

  init(key: ServiceKey, assembly: String?, location: SourceLocation, factory: @escaping Factory) {
    super.init(
      key: key, scope: .singleton, assembly: assembly, location: location, runsInline: false, factory: factory)
  }

  deinit {
    if isBuilt {
      storage.deinitialize(count: 1)
    }
    storage.deallocate()
  }

  @usableFromInline
  override func instance(
    via resolver: Resolver, stack: UnsafeMutablePointer<ResolutionStack>
  ) throws(ResolutionError) -> T {
    if isBuilt, stack.pointee.recorder == nil {
      return storage.pointee
    }
    return try buildOnce(via: resolver, stack: stack)
  }

  /// Whether `storage` holds the instance.
  private var isBuilt: Bool {
    built.load(ordering: .acquiring) != nil
  }

  /// The instance, built under the lock unless another thread built it first.
  private func buildOnce(
    via resolver: Resolver, stack: UnsafeMutablePointer<ResolutionStack>
  ) throws(ResolutionError) -> T {
    try building.withLock { (dependencies: inout CollectedDependencies) throws(ResolutionError) -> T in
      if isBuilt {
        stack.pointee.recorder?.takeUnretainedValue().record(key, dependsOn: dependencies)
        return storage.pointee
      }
      // Always collected, so a validation after this first build still reports the singleton's edges.
      let sink = EdgeSink()
      let instance = try build(via: resolver, stack: stack, sink: sink)
      storage.initialize(to: instance)
      dependencies = sink.collected
      built.store(UnsafeMutableRawPointer(storage), ordering: .releasing)
      return instance
    }
  }

  override func fresh() -> AnyRegistration {
    SingletonRegistration(key: key, assembly: assembly, location: location, factory: factory)
  }
}

/// Stands for a key registered twice without `override: true`: resolving it reports the conflict.
///
/// Its own ``AnyRegistration/location`` is the last registration's, where the conflict became one.
final class ConflictRegistration<T>: Registration<T>, @unchecked Sendable {
  /// The assemblies that registered the key, in registration order.
  let registeredBy: [String]
  /// Where each of those registrations was written, in the same order.
  let locations: [SourceLocation]

  /// `location` is the last registration's; `locations` holds every registration's, that one included.
  init(key: ServiceKey, registeredBy: [String], locations: [SourceLocation], last location: SourceLocation) {
    self.registeredBy = registeredBy
    self.locations = locations
    super.init(key: key, scope: .transient, assembly: nil, location: location, runsInline: false) { _ in
      throw ResolutionError.ambiguous(key, chain: [key], registeredBy: registeredBy, locations: locations)
    }
  }

  @usableFromInline
  override func instance(
    via resolver: Resolver, stack: UnsafeMutablePointer<ResolutionStack>
  ) throws(ResolutionError) -> T {
    throw .ambiguous(key, chain: stack.pointee.keys + [key], registeredBy: registeredBy, locations: locations)
  }

  override func fresh() -> AnyRegistration { self }
}
