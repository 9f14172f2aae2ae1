import Foundation
import Infrastructure

extension CommandContext {
  /// Starts opening the app database on a thread of its own, for a command whose screen reads the cache first
  /// (``ContainerCommand/readsDatabaseFirst``): the open overlaps building the screen's graph. A failure here is
  /// reported by the read that needs the database.
  func openDatabaseEarly() {
    guard let database = try? container.resolve(Database.self) else { return }
    database.startOpening()
  }
}

extension CommandContext {
  /// After a command that reached `origin` (the name users know it by), adds one line on standard error when
  /// changes made in `feature` wait for it: `1 change waits for <origin>: app sync`. Says nothing when none waits, when the
  /// database was never made, or when it cannot be read.
  public func noteWaitingChanges(of feature: String, origin: String) async {
    guard let database = try? container.resolve(Database.self),
      FileManager.default.fileExists(atPath: database.fileURL.path),
      let waiting = try? await ChangeTable(database: database).count(namespacePrefix: feature), waiting > 0
    else { return }
    terminal.errors.line(SyncCommand.waitingLine(waiting, for: origin))
  }
}
