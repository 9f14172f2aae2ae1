import Infrastructure

extension CommandContext {
  /// Starts opening the app database on a thread of its own, for a command whose screen reads the cache first:
  /// the open overlaps building the screen's graph. A failure here is reported by the read that needs the database.
  public func openDatabaseEarly() {
    guard let database = try? container.resolve(Database.self) else { return }
    Task { try? await database.open() }
  }
}
