#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A frozen set of registrations that resolves instances by type and name.
///
/// A container is made by an ``Assembler`` (or ``Registrar/makeContainer()``) and never changes after
/// that, so concurrent resolves read it without a global lock. Singletons are built once per container,
/// each behind its own lock.
///
/// ```swift
/// let container = try Assembler([InfrastructureAssembly(), RepositoryAssembly()]).assemble()
/// let repository = try container.resolve(ForecastRepository.self, name: .local)
/// ```
public final class Container: Sendable {
  let registrations: [RegistrationID: AnyRegistration]
  /// The same registrations, indexed for the resolve path.
  @usableFromInline let table: RegistrationTable
  /// The key of every thread's ``ResolutionStack``, kept here so that a resolve reads it without a global's
  /// lazy-initialization check.
  @usableFromInline let stackKey = ResolutionStack.threadKey
  /// ``ResolutionActivity/shared``, kept here for the same reason.
  @usableFromInline let activity = ResolutionActivity.shared

  init(registrations: [RegistrationID: AnyRegistration]) {
    self.registrations = registrations
    self.table = RegistrationTable(registrations)
  }

  /// Resolves `type` registered under `name`; throws a ``ResolutionError`` that says what is wrong.
  @inlinable
  public func resolve<T>(_ type: T.Type = T.self, name: Name? = nil) throws(ResolutionError) -> T {
    try Resolver(container: self).resolve(type, name: name)
  }

  /// Every registration of `type`, whatever its name, in name order (unnamed first).
  ///
  /// Use it where several modules each contribute a value of one type under their own name, such as
  /// database migrations; the collector then never has to know the contributors.
  public func resolveAll<T>(_ type: T.Type = T.self) throws(ResolutionError) -> [T] {
    var instances: [T] = []
    for name in names(of: type) {
      instances.append(try resolve(type, name: name))
    }
    return instances
  }

  /// Every registered key, sorted.
  public var keys: [ServiceKey] {
    registrations.values.map(\.key).sorted()
  }

  /// Whether something is registered for `type` under `name`.
  public func contains<T>(_ type: T.Type, name: Name? = nil) -> Bool {
    registrations[RegistrationID(type, name: name)] != nil
  }

  /// A new container with these registrations except the ones `overrides` registers, which replace them.
  ///
  /// The new container builds its own singletons, so an override is seen by everything that depends on
  /// it; this container is left as it was. Use it in tests to swap one dependency, such as a transport.
  public func overriding(_ overrides: (Registrar) -> Void) -> Container {
    let registrar = Registrar(copying: registrations)
    overrides(registrar)
    return registrar.makeContainer()
  }

  /// Starts resolving `target` on `stack`, this thread's: records the edge, checks for a cycle, and, where the
  /// caller can finish the resolve by itself, says how. The way every resolve that is not a plain one takes (see
  /// ``ResolutionStack/pushIfPlain(_:)``).
  ///
  /// Everything about a resolve that does not depend on `T` and needs this thread's stack happens here, once; the
  /// rest (finding the registration, reading a built singleton, running the factory, returning the instance) is
  /// inlined into the caller, where `T` is a concrete type, so it is specialized. Unspecialized generic code would
  /// pay for run-time type lookups on every resolve.
  @usableFromInline
  func enter(
    _ target: RegistrationTable.Target, stack: UnsafeMutablePointer<ResolutionStack>
  ) throws(ResolutionError) -> Entry {
    let found = target.registration
    stack.pointee.recordDependency(found)
    if let cycleStart = stack.pointee.cycleStart(reentering: found) {
      throw cycle(from: cycleStart, reentering: found, stack: stack)
    }
    guard stack.pointee.recorder == nil else {
      return Entry(registration: found, stack: stack, instance: nil, running: false)
    }
    if target.runsInline {
      stack.pointee.push(found, sink: nil)
      return Entry(registration: found, stack: stack, instance: nil, running: true)
    }
    let instance = found._withUnsafeGuaranteedRef { $0.built.load(ordering: .acquiring) }
    return Entry(registration: found, stack: stack, instance: instance, running: false)
  }

  /// The cycle that resolving `registration` again, on a stack where it is being built since `start`, closes.
  @inline(never)
  private func cycle(
    from start: Int, reentering registration: Unmanaged<AnyRegistration>, stack: UnsafeMutablePointer<ResolutionStack>
  ) -> ResolutionError {
    stack.pointee.cycle(from: start, reentering: registration.takeUnretainedValue())
  }

  /// Ends the step of a resolve whose factory, run inline (``Entry/running``), threw `error`: the error to throw.
  ///
  /// The same error ``Registration/build(via:stack:sink:)`` throws for it.
  @usableFromInline
  @inline(never)
  func fail(
    _ error: any Error, of registration: Unmanaged<AnyRegistration>, stack: UnsafeMutablePointer<ResolutionStack>
  ) -> ResolutionError {
    defer { stack.pointee.pop() }
    if let error = error as? ResolutionError {
      return error
    }
    return registration._withUnsafeGuaranteedRef { registration in
      .factoryFailed(registration.key, chain: stack.pointee.keys, underlying: error, location: registration.location)
    }
  }

  /// Records, for a running validation, that the innermost factory asked for `type` under `name` as a dependency
  /// it can do without; `absent` when nothing registers it (a present one recorded its edge as it resolved).
  func noteOptional(_ type: any Any.Type, name: Name?, absent: Bool) {
    let stack = ResolutionStack.current(stackKey)
    guard stack.pointee.collecting > 0 else { return }
    let key = ServiceKey(typeName: ServiceKey.displayName(of: type), name: name)
    if absent { stack.pointee.recordDependency(key) }
    stack.pointee.recordOptional(key)
  }

  /// The error of resolving `type` under `name`, which nothing is registered for.
  @usableFromInline
  @inline(never)
  func notRegistered(_ type: any Any.Type, name: Name?) -> ResolutionError {
    let stack = ResolutionStack.current(stackKey)
    let key = ServiceKey(typeName: ServiceKey.displayName(of: type), name: name)
    stack.pointee.recordDependency(key)
    return .notRegistered(
      key, chain: stack.pointee.keys + [key], alternatives: alternatives(to: type, name: name),
      requestedAt: stack.pointee.innermostLocation)
  }

  /// How a resolve goes on after ``enter(_:stack:)``.
  ///
  /// The registration and the stack are unretained: this container holds its registrations for as long as it
  /// exists, and a thread's stack lives as long as the thread.
  @usableFromInline
  struct Entry {
    /// The registration being resolved.
    @usableFromInline let registration: Unmanaged<AnyRegistration>
    /// This thread's resolution stack.
    @usableFromInline let stack: UnsafeMutablePointer<ResolutionStack>
    /// Where a singleton's instance is, once it is built and no validation is running: the resolve just reads it.
    @usableFromInline let instance: UnsafeMutableRawPointer?
    /// Whether the registration is now the innermost step: the caller runs its factory, then ends the step with
    /// ``ResolutionStack/popPlain()``, or with ``Container/fail(_:of:stack:)`` if the factory throws.
    @usableFromInline let running: Bool
  }

  /// The names `type` is registered under, in name order (unnamed first).
  func names<T>(of type: T.Type) -> [Name?] {
    let identifier = ObjectIdentifier(type)
    return registrations.keys.filter { $0.type == identifier }.map(\.name)
      .sorted { ($0?.rawValue ?? "") < ($1?.rawValue ?? "") }
  }

  /// The keys registered for `type` under names other than `name`.
  private func alternatives(to type: any Any.Type, name: Name?) -> [ServiceKey] {
    let identifier = ObjectIdentifier(type)
    return registrations.compactMap { id, registration in
      id.type == identifier && id.name != name ? registration.key : nil
    }.sorted()
  }
}
