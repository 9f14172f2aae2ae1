import DI

/// Registers the infrastructure services: configuration, clock, database and HTTP clients.
public struct InfrastructureAssembly: Assembly {
  /// The process environment the configuration is read from.
  public let environment: [String: String]

  /// Creates the assembly for `environment` (the process environment in the app, a fixture in tests).
  public init(environment: [String: String]) {
    self.environment = environment
  }

  /// Registers this layer's services.
  public func assemble(into registrar: Registrar) {
    let environment = environment
    registrar.register(ProcessEnvironment.self, scope: .singleton) { _ in ProcessEnvironment(environment) }
  }
}

/// The environment variables the app was started with, as one injectable value.
public struct ProcessEnvironment: Sendable {
  /// The variables by name.
  public let variables: [String: String]

  /// Wraps `variables`.
  public init(_ variables: [String: String]) {
    self.variables = variables
  }

  /// The value of `name`, or `nil` when unset.
  public subscript(name: String) -> String? { variables[name] }
}
