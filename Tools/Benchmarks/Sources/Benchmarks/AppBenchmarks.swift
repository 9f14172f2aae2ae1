import Foundation
import SearchTesting

#if canImport(Glibc)
  import Glibc
#endif

/// One finished child process: its status and wall time.
struct ProcessRun {
  let status: Int32
  let wallNanoseconds: UInt64
}

/// Runs `executable` with `arguments` and `environment`, output to /dev/null, and waits with `wait4`.
func runProcess(_ executable: String, _ arguments: [String], environment: [String: String]) throws -> ProcessRun {
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)

  let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
  let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
  defer {
    argv.forEach { free($0) }
    envp.forEach { free($0) }
  }
  var pid: pid_t = 0
  let start = monotonicNanoseconds()
  let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
  guard spawned == 0 else {
    throw BenchmarkFailure("could not start \(executable): \(String(cString: strerror(spawned)))")
  }
  var status: Int32 = 0
  while waitpid(pid, &status, 0) < 0 {
    guard errno == EINTR else { throw BenchmarkFailure("waitpid failed: \(String(cString: strerror(errno)))") }
  }
  let elapsed = monotonicNanoseconds() - start
  // WIFEXITED / WEXITSTATUS by hand: the macros are not imported.
  let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
  return ProcessRun(status: exitStatus, wallNanoseconds: elapsed)
}

/// The peak resident set size of `executable` run with `arguments`, in KiB, as GNU time measures it.
///
/// Not `wait4`'s `ru_maxrss` of a child of this process: Linux starts a child's peak at its parent's (a
/// spawned child shares, or copies, the parent's memory map until it execs), so every command would show this
/// benchmark's own size. `/usr/bin/time` is small, so the child it forks starts from almost nothing.
func peakResidentKilobytes(
  _ executable: String, _ arguments: [String], environment: [String: String], status: Int32 = 0
) throws -> Int {
  let report = FileManager.default.temporaryDirectory.appendingPathComponent("bench-rss-\(UUID().uuidString)")
  defer { try? FileManager.default.removeItem(at: report) }
  let run = try runProcess(
    AppBenchmarks.timeTool, ["-f", "%M", "-o", report.path, executable] + arguments, environment: environment)
  let text = (try? String(contentsOf: report, encoding: .utf8)) ?? ""
  // GNU time writes "Command exited with non-zero status N" before the figure when the command fails.
  guard run.status == status, let kilobytes = text.split(separator: "\n").last.flatMap({ Int($0) }) else {
    throw BenchmarkFailure("`\(arguments.joined(separator: " "))` under \(AppBenchmarks.timeTool): \(text)")
  }
  return kilobytes
}

/// One process the app section runs: a label for the table, what to run and what it must end with.
struct ProcessCase {
  let label: String
  let executable: String
  let arguments: [String]
  /// The exit status every run must end with (64 for a usage error).
  var status: Int32 = 0
  /// The most a run may cost in multiples of the floor's run in the same round; nil when the case has no target.
  var limit: Double? = nil
  /// Whether the command only reads the database: its syncs, database writes and opens of the file are counted,
  /// and a target asks for none, none and at most two.
  var onlyReads = false
}

/// What one run of a command did to the database, as strace saw it: `fsync`/`fdatasync` calls, writes to
/// `app.sqlite` or its `-wal` (the `-shm` index is shared memory, not data), and opens of `app.sqlite`.
struct DatabaseIO: Codable {
  let syncs: Int
  let writes: Int
  let opens: Int

  /// The tool that counts them; `make bench` installs it when it is missing.
  static let tracer = "/usr/bin/strace"

  /// Runs `executable` once under strace and counts what it did to `database` (the main file's path).
  static func count(
    _ executable: String, _ arguments: [String], environment: [String: String], database: String
  ) throws -> DatabaseIO {
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("bench-io-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: log) }
    // -y names each descriptor's file, so a write says which file it went to.
    let traced = ["-f", "-qq", "-y", "-e", "trace=fsync,fdatasync,write,pwrite64,pwritev,openat", "-o", log.path]
    _ = try runProcess(tracer, traced + [executable] + arguments, environment: environment)
    let lines = ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n")
    let data = ["<\(database)>", "<\(database)-wal>"]
    return DatabaseIO(
      syncs: lines.filter { $0.contains("fsync(") || $0.contains("fdatasync(") }.count,
      writes: lines.filter { line in
        (line.contains("write(") || line.contains("pwrite64(") || line.contains("pwritev("))
          && data.contains { line.contains($0) }
      }.count,
      opens: lines.filter { $0.contains("openat(") && $0.contains("\"\(database)\"") && !$0.contains("= -1") }.count)
  }
}

/// The app as whole processes, each against the floor: a minimal Foundation program built the same way.
///
/// Cases: the floor, `--version`, `--help`, the bash completion script, a usage error (`courses --bogus`), a
/// command line of 4,000 words (refused before it is parsed), `di check`, and the reads on a warm cache: `cache
/// info`, `courses --offline` and `search swift --offline` (filled
/// first by one online run each: the bundled Courses demo catalog, and a loopback GitHub).
struct AppBenchmarks {
  let app: String
  let floor: String
  let runs: Int

  /// GNU time, for peak memory; `make bench` installs it when it is missing.
  static let timeTool = "/usr/bin/time"
  /// The label of the floor's row.
  static let floorLabel = "floor: Foundation `print`"

  var cases: [ProcessCase] {
    [
      ProcessCase(label: Self.floorLabel, executable: floor, arguments: []),
      ProcessCase(label: "app --version", executable: app, arguments: ["--version"], limit: 1.5),
      ProcessCase(label: "app --help", executable: app, arguments: ["--help"], limit: 2),
      ProcessCase(
        label: "app --generate-completion-script bash", executable: app,
        arguments: ["--generate-completion-script", "bash"], limit: 2),
      ProcessCase(
        label: "app courses --bogus (exit 64)", executable: app, arguments: ["courses", "--bogus"], status: 64,
        limit: 2),
      ProcessCase(
        label: "app search <4,000 words> (exit 64)", executable: app,
        arguments: ["search"] + (1...4000).map { "word\($0)" }, status: 64, limit: 2),
      ProcessCase(label: "app di check", executable: app, arguments: ["di", "check"]),
      ProcessCase(label: "app cache info", executable: app, arguments: ["cache", "info"], limit: 4, onlyReads: true),
      ProcessCase(
        label: "app courses --offline", executable: app, arguments: ["courses", "--offline"], limit: 4,
        onlyReads: true),
      ProcessCase(
        label: "app search swift --offline", executable: app, arguments: ["search", "swift", "--offline"], limit: 4,
        onlyReads: true),
    ]
  }

  func run() async throws -> [AppResult] {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("bench-app-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: home) }
    let github = try await GitHubFakeServer.start(repos: (1...30).map(GitHubFakeRepo.numbered))
    do {
      let results = try measure(home: home, github: github)
      await github.loopback.stop()
      return results
    } catch {
      await github.loopback.stop()
      throw error
    }
  }

  private func measure(home: URL, github: GitHubFakeServer) throws -> [AppResult] {
    var environment = ProcessInfo.processInfo.environment
    for name in ["COURSES_API_URL", "APP_LOG_LEVEL", "APP_HTTP_TIMEOUT", "GH_TOKEN", "GITHUB_TOKEN"] {
      environment[name] = nil
    }
    environment["APP_HOME"] = home.path
    environment["NO_COLOR"] = "1"
    environment["GITHUB_API_URL"] = github.baseURL.absoluteString

    // Warm the caches: one online run each (the bundled demo catalog; the loopback GitHub).
    for arguments in [["courses"], ["search", "swift"]] {
      let warm = try runProcess(app, arguments, environment: environment)
      guard warm.status == 0 else {
        throw BenchmarkFailure("`app \(arguments.joined(separator: " "))` exited \(warm.status)")
      }
    }

    // Round robin, so drift on a noisy machine hits every case alike, and each case's ratio to the floor is taken
    // within one round; the first round is not measured, so that every case starts on a warm page cache.
    let cases = self.cases
    var wall = Array(repeating: [Double](), count: cases.count)
    var ratio = Array(repeating: [Double](), count: cases.count)
    var rss = Array(repeating: [Double](), count: cases.count)
    // A process is short and its time noisy: three times the usual runs, still a few seconds in all.
    for round in 0...(3 * runs) {
      var times: [Double] = []
      for process in cases {
        let result = try runProcess(process.executable, process.arguments, environment: environment)
        guard result.status == process.status else {
          throw BenchmarkFailure("`\(process.label)` exited \(result.status), not \(process.status)")
        }
        times.append(Double(result.wallNanoseconds) / 1e6)
      }
      guard round > 0 else { continue }
      for (index, process) in cases.enumerated() {
        wall[index].append(times[index])
        ratio[index].append(times[index] / times[0])
        rss[index].append(
          Double(
            try peakResidentKilobytes(
              process.executable, process.arguments, environment: environment, status: process.status)) / 1024)
      }
    }
    let database = home.appendingPathComponent("app.sqlite").path
    return try cases.indices.map { index in
      let process = cases[index]
      let io =
        process.onlyReads
        ? try DatabaseIO.count(process.executable, process.arguments, environment: environment, database: database)
        : nil
      return AppResult(
        command: process.label, wallMilliseconds: Figure(samples: wall[index]),
        overFloor: Figure(samples: ratio[index]), peakRSSMegabytes: Figure(samples: rss[index]),
        limitOverFloor: process.limit, databaseIO: io)
    }
  }
}
