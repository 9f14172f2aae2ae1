import DI
import Infrastructure

/// The repository kit's assembly: the layer every feature's repository assembly builds on.
///
/// The kit itself is generic (the cache-then-origin ``Store``, its cachers and fetchers) and registers nothing;
/// declaring it as a dependency orders a feature's repositories after the infrastructure they use.
public struct RepositoryAssembly: Assembly {
  /// Repositories build on the infrastructure layer.
  public static let dependencies: [any Assembly.Type] = [InfrastructureAssembly.self]

  /// Made by `Application.assemblies()`, beside every feature's assemblies.
  public init() {}

  /// Registers nothing: the kit's types are built by the features that use them.
  public func assemble(into registrar: Registrar) {}
}
