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
  private let table: RegistrationTable

  init(registrations: [RegistrationID: AnyRegistration]) {
    self.registrations = registrations
    self.table = RegistrationTable(registrations)
  }

  /// Resolves `type` registered under `name`; throws a ``ResolutionError`` that says what is wrong.
  @inlinable
  public func resolve<T>(_ type: T.Type = T.self, name: Name? = nil) throws(ResolutionError) -> T {
    let lookup = try registration(of: type, name: name)
    let outcome = lookup.registration._withUnsafeGuaranteedRef { registration -> Result<T, ResolutionError> in
      // Safe: `Registrar` stores a registration under `RegistrationID(T.self, …)` only if it is a `Registration<T>`.
      let typed = unsafeDowncast(registration, to: Registration<T>.self)
      do throws(ResolutionError) {
        return .success(try typed.instance(via: Resolver(container: self), stack: lookup.stack))
      } catch {
        return .failure(error)
      }
    }
    return try outcome.get()
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

  /// The registration of `type` under `name`, once it is known not to close a cycle on this thread, and this
  /// thread's resolution stack.
  ///
  /// Everything about a resolve that does not depend on `T` happens here, once; the rest (the cast, returning the
  /// instance) is inlined into the caller, where `T` is a concrete type, so it is specialized. Unspecialized
  /// generic code would pay for run-time type lookups on every resolve.
  @usableFromInline
  func registration<T>(of type: T.Type, name: Name?) throws(ResolutionError) -> Lookup {
    let stack = ResolutionStack.current
    guard let registration = table.registration(for: ObjectIdentifier(type), name: name) else {
      let key = ServiceKey(type, name: name)
      stack.pointee.recordDependency(key)
      throw .notRegistered(
        key, chain: stack.pointee.keys + [key], alternatives: alternatives(to: type, name: name),
        requestedAt: stack.pointee.innermostLocation)
    }
    let cycleStart = registration._withUnsafeGuaranteedRef { registration -> Int? in
      stack.pointee.recordDependency(registration.key)
      return stack.pointee.cycleStart(reentering: registration)
    }
    if let cycleStart {
      throw registration._withUnsafeGuaranteedRef { stack.pointee.cycle(from: cycleStart, reentering: $0) }
    }
    return Lookup(registration: registration, stack: stack)
  }

  /// What ``registration(of:name:)`` found. Both are unretained: this container holds its registrations for as
  /// long as it exists, and a thread's stack lives as long as the thread.
  @usableFromInline
  struct Lookup {
    @usableFromInline let registration: Unmanaged<AnyRegistration>
    @usableFromInline let stack: UnsafeMutablePointer<ResolutionStack>
  }

  /// The names `type` is registered under, in name order (unnamed first).
  func names<T>(of type: T.Type) -> [Name?] {
    let identifier = ObjectIdentifier(type)
    return registrations.keys.filter { $0.type == identifier }.map(\.name)
      .sorted { ($0?.rawValue ?? "") < ($1?.rawValue ?? "") }
  }

  /// The keys registered for `type` under names other than `name`.
  private func alternatives<T>(to type: T.Type, name: Name?) -> [ServiceKey] {
    let identifier = ObjectIdentifier(type)
    return registrations.compactMap { id, registration in
      id.type == identifier && id.name != name ? registration.key : nil
    }.sorted()
  }
}
