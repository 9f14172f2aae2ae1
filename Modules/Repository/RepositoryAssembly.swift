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
    registerCourses(into: registrar)
    registerSearch(into: registrar)
  }
}
