import Foundation

/// Runs the built `app` binary without blocking a thread of Swift's cooperative pool.
///
/// The Search tests talk to loopback servers that run on that pool; waiting for the child synchronously there
/// could leave the servers no thread to answer on, so the wait happens in the process's termination handler.
enum SearchAppProcess {
  /// Runs `app` with `arguments` and `environment` added to a minimal environment, and waits for it to end.
  static func run(_ arguments: [String], environment: [String: String]) async throws -> AppProcess.Result {
    let process = Process()
    process.executableURL = AppProcess.executable
    process.arguments = arguments
    var base = ["PATH": "/usr/bin:/bin", "HOME": FileManager.default.temporaryDirectory.path]
    base.merge(environment) { $1 }
    process.environment = base
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("search-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let outURL = directory.appendingPathComponent("stdout")
    let errURL = directory.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: outURL)
    process.standardError = try FileHandle(forWritingTo: errURL)
    process.standardInput = FileHandle.nullDevice
    let (ended, ending) = AsyncStream<Void>.makeStream()
    process.terminationHandler = { _ in ending.finish() }
    try process.run()
    for await _ in ended {}
    return AppProcess.Result(
      status: process.terminationStatus,
      stdout: try String(contentsOf: outURL, encoding: .utf8),
      stderr: try String(contentsOf: errURL, encoding: .utf8))
  }
}
