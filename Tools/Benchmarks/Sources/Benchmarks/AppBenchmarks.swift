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
func peakResidentKilobytes(_ executable: String, _ arguments: [String], environment: [String: String]) throws -> Int {
  let report = FileManager.default.temporaryDirectory.appendingPathComponent("bench-rss-\(UUID().uuidString)")
  defer { try? FileManager.default.removeItem(at: report) }
  let run = try runProcess(
    AppBenchmarks.timeTool, ["-f", "%M", "-o", report.path, executable] + arguments, environment: environment)
  let text = (try? String(contentsOf: report, encoding: .utf8)) ?? ""
  // GNU time writes "Command exited with non-zero status N" before the figure when the command fails.
  guard run.status == 0, let kilobytes = text.split(separator: "\n").last.flatMap({ Int($0) }) else {
    throw BenchmarkFailure("`\(arguments.joined(separator: " "))` under \(AppBenchmarks.timeTool): \(text)")
  }
  return kilobytes
}

/// One process the app section runs: a label for the table and what to run.
struct ProcessCase {
  let label: String
  let executable: String
  let arguments: [String]
}

/// The app as whole processes, each against the floor: a minimal Foundation program built the same way.
///
/// Cases: the floor, `--version`, `--help`, the bash completion script, `di check`, and `courses --offline` and
/// `search swift --offline` on a warm cache (filled first by one online run each: the bundled Courses demo
/// catalog, and a loopback GitHub).
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
      ProcessCase(label: "app --version", executable: app, arguments: ["--version"]),
      ProcessCase(label: "app --help", executable: app, arguments: ["--help"]),
      ProcessCase(
        label: "app --generate-completion-script bash", executable: app,
        arguments: ["--generate-completion-script", "bash"]),
      ProcessCase(label: "app di check", executable: app, arguments: ["di", "check"]),
      ProcessCase(label: "app courses --offline", executable: app, arguments: ["courses", "--offline"]),
      ProcessCase(label: "app search swift --offline", executable: app, arguments: ["search", "swift", "--offline"]),
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
        guard result.status == 0 else { throw BenchmarkFailure("`\(process.label)` exited \(result.status)") }
        times.append(Double(result.wallNanoseconds) / 1e6)
      }
      guard round > 0 else { continue }
      for (index, process) in cases.enumerated() {
        wall[index].append(times[index])
        ratio[index].append(times[index] / times[0])
        rss[index].append(
          Double(try peakResidentKilobytes(process.executable, process.arguments, environment: environment)) / 1024)
      }
    }
    return cases.indices.map { index in
      AppResult(
        command: cases[index].label, wallMilliseconds: Figure(samples: wall[index]),
        overFloor: Figure(samples: ratio[index]), peakRSSMegabytes: Figure(samples: rss[index]))
    }
  }
}
