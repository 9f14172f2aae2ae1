/// A module's registrations, and the assemblies whose registrations they build on.
///
/// ```swift
/// struct RepositoryAssembly: Assembly {
///   static let dependencies: [any Assembly.Type] = [InfrastructureAssembly.self]
///   func assemble(into registrar: Registrar) {
///     registrar.register(ForecastRepository.self, name: .local, scope: .singleton) { r in
///       LocalForecastRepository(database: try r.resolve())
///     }
///   }
/// }
/// ```
public protocol Assembly: Sendable {
  /// The assemblies that must be assembled before this one.
  static var dependencies: [any Assembly.Type] { get }

  /// Registers this module's types. Runs before any assembly's ``loaded(_:)``.
  func assemble(into registrar: Registrar)

  /// Called once every assembly has registered, with the finished container.
  func loaded(_ container: Container) throws
}

extension Assembly {
  /// No dependencies.
  public static var dependencies: [any Assembly.Type] { [] }

  /// Nothing to do once loaded.
  public func loaded(_ container: Container) throws {}

  /// The assembly's type name, as shown in errors.
  ///
  /// As `String(describing: self)`, without the dynamic casts that cost a conformance scan on each first use.
  public static var assemblyName: String { _typeName(self, qualified: false) }
}
