import Foundation
import Reliability
import TestScheduling
import Testing

/// The ids of the stocked courses, as the store of stocks keeps them.
private let stockedCourses = "SELECT key FROM user_data WHERE namespace = 'courses.stocked' ORDER BY key"

/// An APP_HOME the user can read but not write. The tests run as root, whom permissions do not stop, so the app
/// runs as `nobody` (through `setpriv`), from a copy of the binary `nobody` may run.
@Suite(.untimed) struct ReadOnlyHomeTests {
  static let setpriv = "setpriv --reuid=nobody --regid=nogroup --clear-groups"

  /// A directory readable by everyone holding a copy of the app, or the app where it is when nobody can run it.
  func binaryForNobody() throws -> (path: String, cleanup: URL?) {
    let binary = AppRunner.executable.path
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("app-nobody-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let copy = directory.appendingPathComponent("app")
    try FileManager.default.copyItem(atPath: binary, toPath: copy.path)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: copy.path)
    return (copy.path, directory)
  }

  func asNobody(_ binary: String, _ arguments: String, home: AppHome) async throws -> AppRunner.Result {
    try await AppRunner.runShell(
      "exec \(Self.setpriv) '\(binary)' \(arguments)", environment: ["APP_HOME": home.url.path])
  }

  @Test func readingWorksSavingSaysWhyAndTheFileIsUntouched() async throws {
    let home = AppHome(label: "read-only-home")
    defer { home.remove() }
    let environment = ["APP_HOME": home.url.path]
    #expect(try await AppRunner.run(["courses"], environment: environment).status == 0)
    #expect(try await AppRunner.run(["courses", "stock", "c01"], environment: environment).status == 0)
    let chmod = try await AppRunner.runShell("chmod -R a+rX '\(home.url.path)'")
    #expect(chmod.status == 0)
    let (binary, copy) = try binaryForNobody()
    defer { copy.map { try? FileManager.default.removeItem(at: $0) } }
    let before = try Data(contentsOf: home.databaseFile)

    let stocked = try await asNobody(binary, "courses stocked", home: home)
    #expect(stocked.status == 0, "\(stocked.stderr)")
    #expect(stocked.stdout.hasPrefix("c01  Swift Fundamentals"))
    #expect(stocked.stderr.isEmpty)

    let offline = try await asNobody(binary, "courses --offline", home: home)
    #expect(offline.status == 0)
    #expect(offline.stderr.isEmpty)

    let refreshed = try await asNobody(binary, "courses --refresh", home: home)
    #expect(refreshed.status == 0)
    #expect(refreshed.stdout == offline.stdout)
    #expect(
      refreshed.stderr
        == "warning: \(home.url.path) is not writable by you: what is fetched now is shown but not cached\n")

    let stock = try await asNobody(binary, "courses stock c05", home: home)
    #expect(stock.status == 1)
    #expect(
      stock.stderr.hasPrefix(
        "error: the app database cannot be used: The data directory \(home.url.path) is read-only for you"))

    #expect(try Data(contentsOf: home.databaseFile) == before)
    #expect(try home.strings(stockedCourses) == ["c01"])
  }

  /// A home another user made, mode 0700 as the app makes it, with a stocked course and a star waiting for GitHub:
  /// as `nobody`, every command that reads it fails naming the file and why, with exit 1, and none of them answers
  /// as if the home were empty; what it holds is still there after.
  @Test func aHomeTheUserCannotReadIsAnErrorNeverAnEmptyAnswer() async throws {
    let home = AppHome(label: "unreadable-home")
    defer { home.remove() }
    // GitHub is never asked: the star waits (--offline), and the port answers nothing.
    let environment = [
      "APP_HOME": home.url.path, "GH_TOKEN": "token-1", "GITHUB_API_URL": "http://127.0.0.1:9",
    ]
    #expect(try await AppRunner.run(["courses", "stock", "c02"], environment: environment).status == 0)
    #expect(
      try await AppRunner.run(["search", "star", "zeta-labs/quill", "--offline"], environment: environment).status
        == 0)
    #expect(try await AppRunner.runShell("chmod 0700 '\(home.url.path)'").status == 0)
    let (binary, copy) = try binaryForNobody()
    defer { copy.map { try? FileManager.default.removeItem(at: $0) } }
    let before = try Data(contentsOf: home.databaseFile)
    let file = home.databaseFile.path
    let cannotOpen =
      "Cannot open the database \(file): Permission denied. It belongs to root: take it over "
      + "(sudo chown -R \"$USER\" \(home.url.path)), or set APP_HOME to a directory of your own.\n"

    for arguments in ["sync --list", "sync", "courses stocked", "courses unstock c02", "cache info"] {
      let result = try await AppRunner.runShell(
        "exec \(Self.setpriv) '\(binary)' \(arguments)",
        environment: environment.merging(["USER": "nobody"]) { $1 })
      #expect(result.status == 1, "app \(arguments): \(result.stdout)\(result.stderr)")
      #expect(result.stdout.isEmpty, "app \(arguments)")
      #expect(result.stderr.hasSuffix(cannotOpen), "app \(arguments): \(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count <= 2, "app \(arguments): \(result.stderr)")
    }

    #expect(try Data(contentsOf: home.databaseFile) == before)
    #expect(try home.strings(stockedCourses) == ["c02"])
    #expect(try home.strings("SELECT key FROM pending_changes").count == 1)
  }
}
