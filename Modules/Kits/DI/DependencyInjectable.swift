/// A type whose needs are spelled out as one `Dependency` value, checked at compile time.
///
/// Screens and presenters adopt it so that what they need is visible in their type, not hidden in
/// container lookups scattered through their code:
/// ```swift
/// final class WeatherPresenter: DependencyInjectable {
///   struct Dependency { let forecast: ForecastUseCase; let view: any WeatherView }
///   static func make(with dependency: Dependency) -> WeatherPresenter { ... }
/// }
/// ```
public protocol DependencyInjectable: SendableMetatype {
  /// Everything the type needs, as stored properties.
  associatedtype Dependency

  /// Builds the type from its dependencies.
  static func make(with dependency: Dependency) -> Self
}

/// Builds a product from a run-time argument, with every other dependency resolved in advance.
///
/// Resolve a factory where the argument (a view, an id) is only known later. Its dependencies are
/// resolved when the factory is, so a missing one shows up in validation, not on first use.
public struct Factory<Argument, Product>: Sendable {
  private let body: @Sendable (Argument) -> Product

  /// Creates a factory from a closure.
  public init(_ body: @escaping @Sendable (Argument) -> Product) {
    self.body = body
  }

  /// Builds a product for `argument`.
  public func make(_ argument: Argument) -> Product {
    body(argument)
  }
}

extension Factory where Argument == Void {
  /// Builds a product.
  public func make() -> Product {
    body(())
  }
}

extension Registrar {
  /// Registers a ``Factory`` of `Product` whose `Dependency` is made from resolved services and an argument.
  ///
  /// `dependencies` runs when the factory is resolved; it resolves what the product needs and returns a
  /// closure that completes the `Dependency` with the run-time argument. `fileID`, `filePath` and `line`
  /// record where the call was written; leave them to their defaults.
  public func registerFactory<Product: DependencyInjectable, Argument>(
    of product: Product.Type, argument: Argument.Type, name: Name? = nil, override: Bool = false,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
    dependencies: @escaping @Sendable (Resolver) throws -> @Sendable (Argument) -> Product.Dependency
  ) {
    register(
      Factory<Argument, Product>.self, name: name, scope: .transient, override: override,
      fileID: fileID, filePath: filePath, line: line
    ) { resolver in
      let complete = try dependencies(resolver)
      return Factory { argument in Product.make(with: complete(argument)) }
    }
  }
}
