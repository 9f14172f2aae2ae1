import DI
import Repository

/// The use-case kit's assembly: the layer every feature's use-case assembly builds on.
public struct UseCaseAssembly: Assembly {
  /// This layer builds on the repository kit.
  public static let dependencies: [any Assembly.Type] = [RepositoryAssembly.self]

  /// Made by `Application.assemblies()`, beside every feature's assemblies.
  public init() {}

  /// Registers nothing: the kit's types are values the features' use cases return.
  public func assemble(into registrar: Registrar) {}
}
