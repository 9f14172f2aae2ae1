import Foundation
import Infrastructure

extension CommandContext {
  /// Opens the app database early, for a command whose screen reads the cache first
  /// (``ContainerCommand/readsDatabaseFirst``): the open overlaps building the screen's graph. `onThisThread`
  /// opens it on the calling thread before returning (a thread with nothing else to do); otherwise it starts on a
  /// thread of its own. A failure here is reported by the read that needs the database.
  func openDatabaseEarly(onThisThread: Bool = false) {
    guard let database = try? container.resolve(Database.self) else { return }
    if onThisThread {
      database.openOnThisThread()
    } else {
      database.startOpening()
    }
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
