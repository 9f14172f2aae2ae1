import Foundation
import SearchTesting
import TestSupport

/// `app sync` of changes that waited: ``toggles`` stars and unstars made with `--offline` over ``repos`` repos
/// (the real command each time, so each is one SQLite transaction), then one `app sync` against a loopback GitHub,
/// per run, from the same waiting state (the app home is copied back before each run).
///
/// One row per key holds its last intent, so the sync sends at most one request per repo, whatever the number of
/// toggles: the figure is how many it sent, and how long it took.
struct SyncBenchmark {
  let app: String
  let runs: Int

  /// Stars and unstars recorded before the sync.
  static let toggles = 1_000
  /// Over this many repos.
  static let repos = 10
  /// The token the loopback GitHub takes stars with.
  static let token = "ghp_bench_sync"

  func run() async throws -> SyncResult {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("bench-sync-\(UUID().uuidString)")
    let kept = root.appendingPathComponent("kept")
    try FileManager.default.createDirectory(at: kept, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    let github = try await GitHubFakeServer.start(
      token: Self.token, repos: (1...Self.repos).map(GitHubFakeRepo.numbered))
    let base: [String: String] = [
      "PATH": "/usr/bin:/bin", "HOME": root.path, "GITHUB_API_URL": github.baseURL.absoluteString,
      "GH_TOKEN": Self.token, "LANG": "C.UTF-8",
    ]
    let app = self.app
    let runs = self.runs
    do {
      let recording = try await PseudoTerminal.offPool {
        try Self.record(app: app, environment: base.merging(["APP_HOME": kept.path]) { $1 })
      }
      var milliseconds: [Double] = []
      var requests: [Int] = []
      for round in 0..<runs {
        let home = root.appendingPathComponent("run-\(round)")
        try FileManager.default.copyItem(at: kept, to: home)
        github.loopback.clearRequests()
        let environment = base.merging(["APP_HOME": home.path]) { $1 }
        let sync = try await PseudoTerminal.offPool { try runProcess(app, ["sync"], environment: environment) }
        guard sync.status == 0 else {
          // What it says, from the same waiting state.
          try? FileManager.default.removeItem(at: home)
          try FileManager.default.copyItem(at: kept, to: home)
          let again = try await PseudoTerminal.offPool { try Self.output(app, ["sync"], environment) }
          throw BenchmarkFailure("`app sync` exited \(sync.status): \(again)")
        }
        milliseconds.append(Double(sync.wallNanoseconds) / 1e6)
        requests.append(github.requests.filter { $0.method == "PUT" || $0.method == "DELETE" }.count)
        let left = try await PseudoTerminal.offPool { try runProcess(app, ["sync"], environment: environment) }
        guard left.status == 0 else { throw BenchmarkFailure("a second `app sync` exited \(left.status)") }
      }
      await github.loopback.stop()
      let silent = try await silentGitHub(root: root)
      return SyncResult(
        toggles: Self.toggles, repos: Self.repos, recordMilliseconds: Figure(samples: recording),
        syncMilliseconds: Figure(samples: milliseconds), requests: requests.max() ?? 0,
        silentChanges: Self.silentChanges, silentTimeout: Self.silentTimeout,
        silentSyncMilliseconds: silent.milliseconds, silentRequests: silent.requests)
    } catch {
      await github.loopback.stop()
      throw error
    }
  }

  /// Changes waiting when GitHub is silent, one per repo.
  static let silentChanges = 100
  /// `APP_HTTP_TIMEOUT` while GitHub is silent, in seconds.
  static let silentTimeout = 2

  /// `app sync` of ``silentChanges`` waiting stars (one per repo) against a GitHub that takes every connection and
  /// never answers a star, with `APP_HTTP_TIMEOUT` at ``silentTimeout``, per run from the same waiting state: the
  /// first request times out, and the others wait untried, so a run costs one timeout, not one per change.
  private func silentGitHub(root: URL) async throws -> (milliseconds: Figure, requests: Int) {
    let kept = root.appendingPathComponent("silent-kept")
    try FileManager.default.createDirectory(at: kept, withIntermediateDirectories: true)
    let github = try await GitHubFakeServer.start(
      token: Self.token, repos: (1...Self.silentChanges).map(GitHubFakeRepo.numbered))
    let hold = RequestHold()
    github.loopback.route("PUT", "/user/starred/*/*") { _ in
      await hold.wait()
      return .empty()
    }
    let environment: [String: String] = [
      "PATH": "/usr/bin:/bin", "HOME": root.path, "GITHUB_API_URL": github.baseURL.absoluteString,
      "GH_TOKEN": Self.token, "LANG": "C.UTF-8", "APP_HTTP_TIMEOUT": String(Self.silentTimeout),
    ]
    let app = self.app
    do {
      try await PseudoTerminal.offPool {
        for index in 1...Self.silentChanges {
          let repo = GitHubFakeRepo.numbered(index).fullName
          let run = try runProcess(
            app, ["search", "star", repo, "--offline"], environment: environment.merging(["APP_HOME": kept.path]) { $1 }
          )
          guard run.status == 0 else { throw BenchmarkFailure("`app search star --offline` exited \(run.status)") }
        }
      }
      var milliseconds: [Double] = []
      var requests: [Int] = []
      for round in 0..<runs {
        let home = root.appendingPathComponent("silent-run-\(round)")
        try FileManager.default.copyItem(at: kept, to: home)
        let before = await hold.arrivals
        let run = try await PseudoTerminal.offPool {
          try runProcess(app, ["sync"], environment: environment.merging(["APP_HOME": home.path]) { $1 })
        }
        guard run.status == 1 else { throw BenchmarkFailure("`app sync` against a silent GitHub exited \(run.status)") }
        milliseconds.append(Double(run.wallNanoseconds) / 1e6)
        requests.append(await hold.arrivals - before)
      }
      await hold.release()
      await github.loopback.stop()
      return (Figure(samples: milliseconds), requests.max() ?? 0)
    } catch {
      await hold.release()
      await github.loopback.stop()
      throw error
    }
  }

  /// What `app` with `arguments` prints on standard output and standard error.
  private static func output(_ app: String, _ arguments: [String], _ environment: [String: String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: app)
    process.arguments = arguments
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  /// Stars and unstars the repos in turn, ``toggles`` commands in all, each with `--offline`; answers each
  /// command's wall time in milliseconds.
  private static func record(app: String, environment: [String: String]) throws -> [Double] {
    var times: [Double] = []
    times.reserveCapacity(toggles)
    for index in 0..<toggles {
      let repo = GitHubFakeRepo.numbered(index % repos + 1).fullName
      let verb = (index / repos) % 2 == 0 ? "star" : "unstar"
      let run = try runProcess(app, ["search", verb, repo, "--offline"], environment: environment)
      guard run.status == 0 else { throw BenchmarkFailure("`app search \(verb) --offline` exited \(run.status)") }
      times.append(Double(run.wallNanoseconds) / 1e6)
    }
    return times
  }
}

/// What ``SyncBenchmark`` measured.
struct SyncResult: Codable {
  let toggles: Int
  let repos: Int
  /// One `app search star|unstar --offline`, each of the toggles.
  let recordMilliseconds: Figure
  /// One `app sync` of what the toggles left waiting, per run.
  let syncMilliseconds: Figure
  /// The most stars and unstars one sync sent.
  let requests: Int
  /// Changes waiting when GitHub was silent.
  let silentChanges: Int
  /// `APP_HTTP_TIMEOUT` then, in seconds.
  let silentTimeout: Int
  /// One `app sync` of them against the silent GitHub, per run.
  let silentSyncMilliseconds: Figure
  /// The most requests one such sync sent.
  let silentRequests: Int
}
