import Foundation

/// Runs the built `app` binary as a user would, and captures what it prints.
struct AppProcess {
  struct Result {
    let status: Int32
    let stdout: String
    let stderr: String
  }

  /// The `app` executable next to the test bundle (or `APP_BINARY`).
  static var executable: URL {
    if let path = ProcessInfo.processInfo.environment["APP_BINARY"] {
      return URL(fileURLWithPath: path)
    }
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var directory = bundle.deletingLastPathComponent()
    while directory.path != "/" {
      let candidate = directory.appendingPathComponent("app")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    return bundle.deletingLastPathComponent().appendingPathComponent("app")
  }

  /// Runs `script` with `/bin/sh -c`, `$0` being the `app` executable; for arguments Foundation cannot pass.
  static func runShell(_ script: String, environment: [String: String] = [:]) async throws -> Result {
    try await run(
      ["-c", script, executable.path], environment: environment, executable: URL(fileURLWithPath: "/bin/sh"))
  }

  /// Starts `app` with `arguments` and output discarded; the caller waits for (or kills) it.
  static func start(_ arguments: [String], environment: [String: String] = [:]) throws -> Process {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    var base = ["PATH": "/usr/bin:/bin", "HOME": FileManager.default.temporaryDirectory.path]
    base.merge(environment) { $1 }
    process.environment = base
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    return process
  }

  /// Waits, off the cooperative pool, until `process` ends.
  static func waitForExit(_ process: Process) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      DispatchQueue.global().async {
        process.waitUntilExit()
        continuation.resume()
      }
    }
  }

  /// Runs `app` with `arguments` and `environment` added to a minimal environment; waits for it to end.
  ///
  /// The wait does not block a thread of the cooperative pool, so servers in this test process keep answering.
  static func run(
    _ arguments: [String], environment: [String: String] = [:], executable: URL = AppProcess.executable
  ) async throws -> Result {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    var base = ["PATH": "/usr/bin:/bin", "HOME": FileManager.default.temporaryDirectory.path]
    base.merge(environment) { $1 }
    process.environment = base
    // Files, not pipes: the child can never block on a full pipe while we wait for it.
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("app-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let outURL = directory.appendingPathComponent("stdout")
    let errURL = directory.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: outURL)
    process.standardError = try FileHandle(forWritingTo: errURL)
    process.standardInput = FileHandle.nullDevice
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
      process.terminationHandler = { _ in continuation.resume() }
      do {
        try process.run()
      } catch {
        process.terminationHandler = nil
        continuation.resume(throwing: error)
      }
    }
    return Result(
      status: process.terminationStatus,
      stdout: try String(contentsOf: outURL, encoding: .utf8),
      stderr: try String(contentsOf: errURL, encoding: .utf8))
  }
}
