import DI
import UseCase

/// Registers the `Presenter` layer's types; everything it resolves comes from the layers below.
public struct PresenterAssembly: Assembly {
  /// This layer builds on the `UseCase` layer.
  public static let dependencies: [any Assembly.Type] = [UseCaseAssembly.self]

  /// Creates the assembly.
  public init() {}

  /// Registers this layer's types.
  public func assemble(into registrar: Registrar) {
    registerCourses(into: registrar)
    registerSearch(into: registrar)
  }
}
