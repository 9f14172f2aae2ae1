import Foundation
import Synchronization

/// Runs the built `app` binary as a user would, and captures what it printed and how it ended.
public enum AppRunner {
  /// How one run ended.
  public struct Result: Sendable {
    /// The exit status, or the signal number when the process was killed by one.
    public let status: Int32
    /// Whether a signal ended the process (a crash, or the time limit's kill).
    public let killedBySignal: Bool
    /// Whether the run outlived its time limit and was killed.
    public let timedOut: Bool
    /// How long it ran.
    public let duration: Duration
    /// Its standard output.
    public let stdout: String
    /// Its standard error.
    public let stderr: String
  }

  /// The executable every run starts: `APP_BINARY` when set, else ``hostName`` in the folder of this process (the
  /// test bundle or the tool), where SwiftPM builds every product of the package.
  public static let executable: URL = {
    if let path = ProcessInfo.processInfo.environment["APP_BINARY"], !path.isEmpty {
      return URL(fileURLWithPath: path)
    }
    return URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
      .appendingPathComponent(hostName(ofProcess: CommandLine.arguments[0]))
  }()

  /// The executable a process of `path` runs when `APP_BINARY` is not set, named by the package that built it:
  /// a feature package's test bundle, `<Name>PackageTests.xctest`, runs its own host, `<Name>Host`, never the
  /// root's `app` that a shared build folder may hold beside it; the root's tests (`ModularAppPackageTests`) and
  /// its tools run `app`.
  public static func hostName(ofProcess path: String) -> String {
    let name = URL(fileURLWithPath: path).lastPathComponent
    // Linux runs a bundle as `<Package>PackageTests.xctest`; SwiftPM's test runner for Swift Testing may name it
    // `<Package>PackageTests-test-runner`.
    for suffix in ["PackageTests.xctest", "PackageTests-test-runner"] where name.hasSuffix(suffix) {
      let package = String(name.dropLast(suffix.count))
      return package == "ModularApp" ? "app" : package + "Host"
    }
    return "app"
  }

  /// Runs `script` with `/bin/sh -c`, `$0` being the `app` executable; for arguments Foundation cannot pass.
  public static func runShell(_ script: String, environment: [String: String] = [:]) async throws -> Result {
    try await run(
      ["-c", script, executable.path], environment: environment, executable: URL(fileURLWithPath: "/bin/sh"))
  }

  /// Starts `app` with `arguments` and output discarded; the caller waits for (or kills) it.
  public static func start(_ arguments: [String], environment: [String: String] = [:]) throws -> Process {
    let process = makeProcess(arguments, environment: environment, executable: executable)
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try launch(process)
    return process
  }

  /// Waits, off the cooperative pool, until `process` ends.
  public static func waitForExit(_ process: Process) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      DispatchQueue.global().async {
        process.waitUntilExit()
        continuation.resume()
      }
    }
  }

  /// Runs `app` with `arguments` and `environment` added to a minimal environment, and waits for it to end;
  /// after `timeLimit` it is killed and the result says so.
  ///
  /// The wait does not block a thread of the cooperative pool, so servers in this process keep answering. The run
  /// is spawned with `posix_spawn` directly (a process group of its own, no descriptor of this process's but the
  /// three standard ones, as Foundation's `Process` does), not through `Process`: tests start hundreds of these
  /// runs side by side, and `Process.run()` of swift-corelibs-foundation has crashed the test process inside
  /// `memcpy` when several ran at once.
  public static func run(
    _ arguments: [String], environment: [String: String] = [:], executable: URL = AppRunner.executable,
    timeLimit: Duration = .seconds(60)
  ) async throws -> Result {
    // Files, not pipes: the child can never block on a full pipe while we wait for it.
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("app-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let outURL = directory.appendingPathComponent("stdout")
    let errURL = directory.appendingPathComponent("stderr")

    let clock = ContinuousClock()
    let start = clock.now
    let child = try SpawnedRun.start(
      executable.path, arguments: arguments, environment: minimalEnvironment.merging(environment) { $1 },
      standardOutput: outURL.path, standardError: errURL.path)
    let (raw, timedOut) = await child.wait(timeLimit: timeLimit)
    // The raw `waitpid` status: the exit status in the second byte, or the signal in the low seven bits.
    let signal = raw & 0x7f
    return Result(
      status: signal == 0 ? (raw >> 8) & 0xff : signal,
      killedBySignal: signal != 0,
      timedOut: timedOut,
      duration: clock.now - start,
      stdout: String(decoding: (try? Data(contentsOf: outURL)) ?? Data(), as: UTF8.self),
      stderr: String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self))
  }

  /// Starts `process`, one start at a time in this process: `Process.run()` of swift-corelibs-foundation has
  /// crashed inside `memcpy` when several threads started processes at once. Every `Process` a test tool starts
  /// goes through here.
  public static func launch(_ process: Process) throws {
    try launches.withLock { _ in try process.run() }
  }

  private static let launches = Mutex(())

  /// What every run of the app starts from: a `PATH` and a `HOME`, nothing of this process's environment.
  private static var minimalEnvironment: [String: String] {
    ["PATH": "/usr/bin:/bin", "HOME": FileManager.default.temporaryDirectory.path]
  }

  private static func makeProcess(_ arguments: [String], environment: [String: String], executable: URL) -> Process {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = minimalEnvironment.merging(environment) { $1 }
    process.standardInput = FileHandle.nullDevice
    return process
  }
}
