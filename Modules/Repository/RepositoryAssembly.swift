import DI
import Infrastructure

/// Registers the `Repository` layer's types; everything it resolves comes from the layers below.
public struct RepositoryAssembly: Assembly {
  /// This layer builds on the `Infrastructure` layer.
  public static let dependencies: [any Assembly.Type] = [InfrastructureAssembly.self]

  /// Creates the assembly.
  public init() {}

  /// Registers this layer's types.
  public func assemble(into registrar: Registrar) {}
}
