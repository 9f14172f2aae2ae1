import Synchronization

/// What a factory receives to resolve its own dependencies.
///
/// Resolves made through it are steps of the resolution that ran the factory: a missing registration or a
/// cycle deep in a graph is reported with the whole chain that led to it. The chain is kept by the resolving
/// thread, not in the resolver, so one resolver serves a whole resolution and costs nothing to pass on. It is an
/// immutable value and can be shared; used outside a factory, it starts resolutions of its own.
public struct Resolver: Sendable {
  @usableFromInline let container: Container

  /// The resolver of a resolution started on `container`; every factory of that resolution gets it.
  @usableFromInline
  init(container: Container) {
    self.container = container
  }

  /// Resolves `type` registered under `name`, one step deeper in the current chain.
  @inlinable @inline(__always)
  public func resolve<T>(_ type: T.Type = T.self, name: Name? = nil) throws(ResolutionError) -> T {
    guard let target = container.table.registration(for: ObjectIdentifier(type), name: name) else {
      throw container.notRegistered(type, name: name)
    }
    // A built singleton, with no dependencies being collected anywhere: nothing to record, no cycle to close (a
    // singleton is published once its step has ended), so no stack to look up.
    if !target.runsInline, container.activity.isIdle,
      let built = target.registration._withUnsafeGuaranteedRef({ $0.built.load(ordering: .acquiring) })
    {
      return built.assumingMemoryBound(to: T.self).pointee
    }
    let stack = ResolutionStack.current(container.stackKey)
    if target.runsInline, stack.pointee.pushIfPlain(target.registration) {
      return try run(target.registration, stack: stack)
    }
    let entry = try container.enter(target, stack: stack)
    if let built = entry.instance {
      return built.assumingMemoryBound(to: T.self).pointee
    }
    if entry.running {
      return try run(entry.registration, stack: stack)
    }
    let outcome = entry.registration._withUnsafeGuaranteedRef { registration -> Result<T, ResolutionError> in
      let typed = unsafeDowncast(registration, to: Registration<T>.self)
      do throws(ResolutionError) {
        return .success(try typed.instance(via: self, stack: entry.stack))
      } catch {
        return .failure(error)
      }
    }
    return try outcome.get()
  }

  /// Runs the factory of `registration`, the innermost step of `stack`, and ends the step.
  @inlinable @inline(__always)
  func run<T>(
    _ registration: Unmanaged<AnyRegistration>, stack: UnsafeMutablePointer<ResolutionStack>
  ) throws(ResolutionError) -> T {
    let outcome = registration._withUnsafeGuaranteedRef { registration in
      // Safe: `Registrar` stores a registration under `RegistrationID(T.self, …)` only if it is a `Registration<T>`.
      Result { try unsafeDowncast(registration, to: Registration<T>.self).factory(self) }
    }
    switch outcome {
    case .success(let instance):
      stack.pointee.popPlain()
      return instance
    case .failure(let error):
      throw container.fail(error, of: registration, stack: stack)
    }
  }

  /// Resolves `type` registered under `name` when something registers it, and answers `nil` when nothing does.
  ///
  /// For a dependency the factory can do without, such as another feature's interface, which nothing implements
  /// once that feature is removed. Validation, `app di check` and the build's graph check accept it absent (a
  /// registration that is there and fails is still reported); `app di graph` draws its edge dashed.
  public func resolveIfRegistered<T>(_ type: T.Type = T.self, name: Name? = nil) throws(ResolutionError) -> T? {
    guard container.table.registration(for: ObjectIdentifier(type), name: name) != nil else {
      container.noteOptional(type, name: name, absent: true)
      return nil
    }
    let instance = try resolve(type, name: name)
    container.noteOptional(type, name: name, absent: false)
    return instance
  }

  /// Every registration of `type`, whatever its name, in name order (unnamed first).
  public func resolveAll<T>(_ type: T.Type = T.self) throws(ResolutionError) -> [T] {
    var instances: [T] = []
    for name in container.names(of: type) {
      instances.append(try resolve(type, name: name))
    }
    return instances
  }

  /// The keys being resolved on this thread, outermost first: who is asking, and on whose behalf.
  public var chain: [ServiceKey] {
    ResolutionStack.current.pointee.keys
  }
}
