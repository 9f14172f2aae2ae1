import ArgumentParser
import CoursesTesting
import DI
import FeatureKit
import FeatureKitTesting
import Foundation
import GRDB
import Infrastructure
import TestSupport

@testable import CoursesFeature

/// A root command with only the Courses feature, as the app builds it.
struct CoursesTestRoot: ParsableCommand {
  static var configuration: CommandConfiguration { Application.rootConfiguration(features: [CoursesPlugin.self]) }
}

/// One test's world: a fresh APP_HOME (the test removes it with ``remove()``), optionally an origin, and the
/// app's real assemblies.
struct CoursesHarness {
  let home: URL
  let environment: [String: String]

  /// A harness whose Courses API is `origin` (the bundled demo catalog when `nil`).
  init(origin: CoursesOrigin?, extra: [String: String] = [:]) throws {
    home = FileManager.default.temporaryDirectory.appendingPathComponent("courses-tests-\(UUID().uuidString)")
    var environment = ["APP_HOME": home.path]
    if let origin { environment["COURSES_API_URL"] = origin.endpoint.absoluteString }
    self.environment = environment.merging(extra) { $1 }
  }

  /// A harness over another harness's APP_HOME and a different environment.
  init(home: URL, environment: [String: String]) {
    self.home = home
    self.environment = environment
  }

  /// Removes the APP_HOME.
  func remove() {
    try? FileManager.default.removeItem(at: home)
  }

  /// The app's container, with `clock` in place of the system clock when given.
  func container(clock: (any AppClock)? = nil) throws -> Container {
    let app = Application(
      root: CoursesTestRoot.self, features: [CoursesPlugin.self], environment: environment,
      terminal: Terminal(output: CapturedText().sink, errors: CapturedText().sink))
    let container = try Assembler(app.assemblies()).assemble()
    guard let clock else { return container }
    return container.overriding { $0.register((any AppClock).self, scope: .singleton) { _ in clock } }
  }

  /// What one run of the app printed, and its exit status.
  struct Run {
    let status: Int32
    let output: String
    let errors: String
  }

  /// Runs `app <arguments>` in process, as the binary would, with a piped (or `interactive`) terminal.
  func run(_ arguments: [String], interactive: Bool = false, columns: Int? = nil) async -> Run {
    let output = CapturedText()
    let errors = CapturedText()
    let terminal = Terminal(
      output: output.sink, errors: errors.sink, isInteractive: interactive, errorsAreInteractive: false,
      colorEnabled: false, columns: columns)
    let app = Application(
      root: CoursesTestRoot.self, features: [CoursesPlugin.self], environment: environment, terminal: terminal)
    let status = await app.run(arguments)
    return Run(status: status, output: output.value, errors: errors.value)
  }

  /// The database file's integrity check result and the stocked course ids, read straight from SQLite.
  func databaseState() async throws -> (integrity: String, stocked: [String]) {
    let database = Infrastructure.Database(directory: home, diagnostics: { _ in })
    return try await database.read { db in
      (
        try String.fetchOne(db, sql: "PRAGMA integrity_check") ?? "",
        try String.fetchAll(db, sql: "SELECT key FROM user_data WHERE namespace = 'courses.stocked' ORDER BY key")
      )
    }
  }
}
