import DI
import UseCase

/// The presenter kit's assembly: the layer every feature's presenter assembly builds on.
public struct PresenterAssembly: Assembly {
  /// This layer builds on the use-case kit.
  public static let dependencies: [any Assembly.Type] = [UseCaseAssembly.self]

  /// Made by `Application.assemblies()`, beside every feature's assemblies.
  public init() {}

  /// Registers nothing: the kit's flows and errors are used by the features' presenters.
  public func assemble(into registrar: Registrar) {}
}
