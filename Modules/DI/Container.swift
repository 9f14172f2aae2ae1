/// A frozen set of registrations that resolves instances by type and name.
///
/// A container is made by an ``Assembler`` (or ``Registrar/makeContainer()``) and never changes after
/// that, so concurrent resolves read it without a global lock. Singletons are built once per container,
/// each behind its own lock.
///
/// ```swift
/// let container = try Assembler([InfrastructureAssembly(), RepositoryAssembly()]).assemble()
/// let repository = try container.resolve(CourseRepository.self, name: .local)
/// ```
public final class Container: Sendable {
  let registrations: [RegistrationID: AnyRegistration]

  init(registrations: [RegistrationID: AnyRegistration]) {
    self.registrations = registrations
  }

  /// Resolves `type` registered under `name`; throws a ``ResolutionError`` that says what is wrong.
  public func resolve<T>(_ type: T.Type = T.self, name: Name? = nil) throws(ResolutionError) -> T {
    try resolve(type, name: name, parent: nil, sink: nil, recorder: nil)
  }

  /// Every registration of `type`, whatever its name, in name order (unnamed first).
  ///
  /// Use it where several modules each contribute a value of one type under their own name, such as
  /// database migrations; the collector then never has to know the contributors.
  public func resolveAll<T>(_ type: T.Type = T.self) throws(ResolutionError) -> [T] {
    try resolveAll(type, parent: nil, sink: nil, recorder: nil)
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

  func resolve<T>(
    _ type: T.Type, name: Name?, parent: Frame?, sink: EdgeSink?, recorder: ValidationRecorder?
  ) throws(ResolutionError) -> T {
    guard let registration = registrations[RegistrationID(type, name: name)] else {
      let key = ServiceKey(type, name: name)
      sink?.append(key)
      throw .notRegistered(key, chain: (parent?.chain ?? []) + [key], alternatives: alternatives(to: type, name: name))
    }
    sink?.append(registration.key)
    if let cycle = parent?.cycle(reentering: registration) {
      throw .cycle(cycle)
    }
    // Safe: `Registrar` stores a registration under `RegistrationID(T.self, …)` only if it is a `Registration<T>`.
    let typed = unsafeDowncast(registration, to: Registration<T>.self)
    return try typed.instance(in: self, parent: parent, recorder: recorder)
  }

  func resolveAll<T>(
    _ type: T.Type, parent: Frame?, sink: EdgeSink?, recorder: ValidationRecorder?
  ) throws(ResolutionError) -> [T] {
    let identifier = ObjectIdentifier(type)
    let names = registrations.keys.filter { $0.type == identifier }.map(\.name)
      .sorted { ($0?.rawValue ?? "") < ($1?.rawValue ?? "") }
    var instances: [T] = []
    for name in names {
      instances.append(try resolve(type, name: name, parent: parent, sink: sink, recorder: recorder))
    }
    return instances
  }

  /// The keys registered for `type` under names other than `name`.
  private func alternatives<T>(to type: T.Type, name: Name?) -> [ServiceKey] {
    let identifier = ObjectIdentifier(type)
    return registrations.compactMap { id, registration in
      id.type == identifier && id.name != name ? registration.key : nil
    }.sorted()
  }
}
