/// Collects registrations while assemblies run; ``makeContainer()`` freezes them into a ``Container``.
///
/// Registering a key twice is a mistake unless the second registration says `override: true`; the
/// mistake is kept, reported by ``Container/validate()`` and by any resolve of that key.
public final class Registrar {
  private var registrations: [RegistrationID: AnyRegistration]
  private let overridesByDefault: Bool
  /// The assembly whose `assemble(into:)` is running, named in conflict reports.
  var currentAssembly: String?

  /// What conflict reports name as the assembly of a registration made outside any assembly.
  static let noAssembly = "(no assembly)"

  /// Creates an empty registrar.
  public init() {
    registrations = [:]
    overridesByDefault = false
  }

  /// A registrar that starts from `existing` (with no singletons built) and lets each new registration replace.
  init(copying existing: [RegistrationID: AnyRegistration]) {
    registrations = existing.mapValues { $0.fresh() }
    overridesByDefault = true
  }

  /// Registers a transient `type` under `name`: `factory` builds a new instance on every resolve.
  ///
  /// `fileID`, `filePath` and `line` record where the call was written, for errors, reports and graphs;
  /// leave them to their defaults.
  public func register<T>(
    _ type: T.Type = T.self, name: Name? = nil, override: Bool = false,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
    factory: @escaping @Sendable (Resolver) throws -> T
  ) {
    let key = ServiceKey(type, name: name)
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line)
    add(
      Registration(key: key, scope: .transient, assembly: currentAssembly, location: location, factory: factory),
      name: name, override: override)
  }

  /// Registers `type` under `name` in `scope`; a singleton is built on first resolve, exactly once.
  ///
  /// `fileID`, `filePath` and `line` record where the call was written, for errors, reports and graphs;
  /// leave them to their defaults.
  public func register<T: Sendable>(
    _ type: T.Type = T.self, name: Name? = nil, scope: Scope, override: Bool = false,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
    factory: @escaping @Sendable (Resolver) throws -> T
  ) {
    let key = ServiceKey(type, name: name)
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line)
    let registration: Registration<T> =
      switch scope {
      case .transient:
        Registration(key: key, scope: .transient, assembly: currentAssembly, location: location, factory: factory)
      case .singleton:
        SingletonRegistration(key: key, assembly: currentAssembly, location: location, factory: factory)
      }
    add(registration, name: name, override: override)
  }

  /// Freezes what has been registered into a container.
  public func makeContainer() -> Container {
    Container(registrations: registrations)
  }

  private func add<T>(_ registration: Registration<T>, name: Name?, override: Bool) {
    let id = RegistrationID(T.self, name: name)
    guard let existing = registrations[id], !(override || overridesByDefault) else {
      registrations[id] = registration
      return
    }
    let conflict = existing as? ConflictRegistration<T>
    let earlier = conflict?.registeredBy ?? [existing.assembly ?? Self.noAssembly]
    let earlierLocations = conflict?.locations ?? [existing.location]
    registrations[id] = ConflictRegistration<T>(
      key: registration.key, registeredBy: earlier + [registration.assembly ?? Self.noAssembly],
      locations: earlierLocations + [registration.location], last: registration.location)
  }
}
