import GRDB

/// One schema change a module contributes to the app database, applied once, in order, by ``Database``.
///
/// Identifiers are permanent: once shipped, a migration is never renamed or edited; add a new one instead.
public struct DatabaseMigration: Sendable {
  /// The unique, permanent name of the migration, e.g. `"weather.v1"`.
  public let identifier: String
  /// The schema change; it runs inside a transaction.
  public let migrate: @Sendable (GRDB.Database) throws -> Void

  /// Creates a migration named `identifier` that runs `migrate`.
  public init(_ identifier: String, migrate: @escaping @Sendable (GRDB.Database) throws -> Void) {
    self.identifier = identifier
    self.migrate = migrate
  }
}
