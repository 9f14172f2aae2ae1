import DI
import Foundation

/// Registers the infrastructure services: configuration and settings, clock, diagnostics, the database and the
/// HTTP client. Modules build their own named origins (REST, GraphQL) on top of these.
public struct InfrastructureAssembly: Assembly {
  /// The process environment the configuration is read from.
  public let environment: [String: String]
  /// Where one-off notices for the user go (standard error in the app).
  public let diagnostics: Diagnostics

  /// Creates the assembly for `environment` (the process environment in the app, a fixture in tests).
  public init(environment: [String: String], diagnostics: Diagnostics = .standardError) {
    self.environment = environment
    self.diagnostics = diagnostics
  }

  /// Registers this layer's services.
  public func assemble(into registrar: Registrar) {
    let environment = environment
    let diagnostics = diagnostics
    registrar.register(AppConfiguration.self, scope: .singleton) { _ in
      try AppConfiguration(environment: environment)
    }
    registrar.register(Settings.self, scope: .singleton) { _ in Settings(environment: environment) }
    registrar.register((any AppClock).self, scope: .singleton) { _ in SystemClock() }
    registrar.register(Diagnostics.self, scope: .singleton) { _ in diagnostics }
    registrar.register(Database.self, scope: .singleton) { r in
      let configuration = try r.resolve(AppConfiguration.self)
      let migrations = try r.resolveAll(DatabaseMigrationSet.self).flatMap(\.migrations)
      return Database(
        directory: configuration.homeDirectory, migrations: migrations, clock: try r.resolve((any AppClock).self),
        cacheLimits: configuration.cacheLimits, diagnostics: { diagnostics.notice($0) })
    }
    registerHTTP(into: registrar)
  }
}

/// The database migrations one module contributes; register it under the module's own name.
///
/// ```swift
/// registrar.register(DatabaseMigrationSet.self, name: .weather, scope: .singleton) { _ in
///   DatabaseMigrationSet([DatabaseMigration("weather.v1") { db in ... }])
/// }
/// ```
public struct DatabaseMigrationSet: Sendable {
  /// The module's migrations, in order.
  public let migrations: [DatabaseMigration]

  /// Wraps `migrations`.
  public init(_ migrations: [DatabaseMigration]) {
    self.migrations = migrations
  }
}
