import DI
import Presenter

/// Registers the Search feature's views and commands on top of the presenter layer.
public struct SearchAssembly: Assembly {
  /// The feature builds on the presenter layer (and, through it, every layer below).
  public static let dependencies: [any Assembly.Type] = [PresenterAssembly.self]

  /// Creates the assembly.
  public init() {}

  /// Registers the feature's types.
  public func assemble(into registrar: Registrar) {}
}
