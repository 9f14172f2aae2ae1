import CoursesDemo
import DI
import Infrastructure

/// Registers the repositories and the data sources behind them.
public struct RepositoryAssembly: Assembly {
  /// Repositories build on the infrastructure layer.
  public static let dependencies: [any Assembly.Type] = [InfrastructureAssembly.self]

  /// Creates the assembly.
  public init() {}

  /// Registers this layer's types.
  public func assemble(into registrar: Registrar) {
    registrar.register(DemoCatalog.self, scope: .singleton) { _ in try DemoCatalog.bundled() }
    registrar.register(CoursesGraphQLServer.self, scope: .singleton) { r in
      try CoursesGraphQLServer(catalog: try r.resolve())
    }
  }
}
