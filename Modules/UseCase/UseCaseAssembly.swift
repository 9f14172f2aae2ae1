import DI
import Repository

/// Registers the `UseCase` layer's types; everything it resolves comes from the layers below.
public struct UseCaseAssembly: Assembly {
  /// This layer builds on the `Repository` layer.
  public static let dependencies: [any Assembly.Type] = [RepositoryAssembly.self]

  /// Creates the assembly.
  public init() {}

  /// Registers this layer's types.
  public func assemble(into registrar: Registrar) {
    registerCourses(into: registrar)
    registerSearch(into: registrar)
  }
}
