import Foundation
import GRDB
import Infrastructure
import SearchTesting
import TestSupport

/// What the cache costs as it grows: `app search swift --offline` and `app courses --offline` in a home holding 10
/// cached searches and in one holding 10,000, each of 30 results, with the database's size.
///
/// Each home gets one real online run of each command, so the entries have the app's own format; the other searches
/// are that entry under other queries, written through the app's own cache table (`CacheTable.save`, which prunes
/// to `APP_CACHE_MAX_MB` as every write of the app does). The runs of both homes alternate, so drift hits both.
struct CacheBenchmark {
  let app: String
  let runs: Int
  static let counts = [10, 10_000]

  func run() async throws -> CacheResult {
    let github = try await GitHubFakeServer.start(repos: (1...30).map(GitHubFakeRepo.numbered))
    defer { Task { await github.loopback.stop() } }
    var homes: [(count: Int, home: URL, environment: [String: String])] = []
    defer { for home in homes { try? FileManager.default.removeItem(at: home.home) } }
    var entryBytes = 0
    var seconds: [Double] = []
    for count in Self.counts {
      let home = FileManager.default.temporaryDirectory.appendingPathComponent("bench-cache-\(UUID().uuidString)")
      var environment = ProcessInfo.processInfo.environment
      for name in ["COURSES_API_URL", "APP_LOG_LEVEL", "APP_CACHE_MAX_MB", "GH_TOKEN", "GITHUB_TOKEN"] {
        environment[name] = nil
      }
      environment["APP_HOME"] = home.path
      environment["NO_COLOR"] = "1"
      environment["GITHUB_API_URL"] = github.baseURL.absoluteString
      homes.append((count, home, environment))
      for arguments in [["courses"], ["search", "swift"]] {
        let warm = try runProcess(app, arguments, environment: environment)
        guard warm.status == 0 else {
          throw BenchmarkFailure("`app \(arguments.joined(separator: " "))` exited \(warm.status)")
        }
      }
      let start = monotonicNanoseconds()
      entryBytes = try await seed(home: home, searches: count)
      seconds.append(Double(monotonicNanoseconds() - start) / 1e9)
    }

    let commands = [["search", "swift", "--offline"], ["courses", "--offline"]]
    var wall = Array(repeating: Array(repeating: [Double](), count: homes.count), count: commands.count)
    for round in 0...(3 * runs) {
      for (commandIndex, arguments) in commands.enumerated() {
        for (homeIndex, home) in homes.enumerated() {
          let result = try runProcess(app, arguments, environment: home.environment)
          guard result.status == 0 else {
            throw BenchmarkFailure("`app \(arguments.joined(separator: " "))` exited \(result.status) in a seeded home")
          }
          if round > 0 { wall[commandIndex][homeIndex].append(Double(result.wallNanoseconds) / 1e6) }
        }
      }
    }
    let limit = CacheLimits.standard.maximumBytes
    var sizes: [CacheResult.Home] = []
    for (index, home) in homes.enumerated() {
      let database = Database(directory: home.home, diagnostics: { _ in })
      let summary = try await CacheTable(database: database).summary()
      let files = ["app.sqlite", "app.sqlite-wal"].map { home.home.appendingPathComponent($0).path }
      let onDisk = files.compactMap { try? FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int }.reduce(
        0, +)
      sizes.append(
        CacheResult.Home(
          searchesWritten: home.count, entriesKept: summary.map(\.entries).reduce(0, +),
          entryBytes: summary.map(\.bytes).reduce(0, +), fileBytes: onDisk, seedSeconds: seconds[index]))
    }
    return CacheResult(
      limitBytes: limit, oneSearchEntryBytes: entryBytes, homes: sizes,
      commands: commands.indices.map { index in
        CacheResult.Command(
          command: "app " + commands[index].joined(separator: " "),
          small: Figure(samples: wall[index][0]), large: Figure(samples: wall[index][1]))
      })
  }

  /// Writes `searches - 1` more searches beside the real `swift` one, older than it, through the app's cache table;
  /// returns the size of one search entry as the limit counts it.
  private func seed(home: URL, searches: Int) async throws -> Int {
    let database = Database(directory: home, diagnostics: { _ in })
    let table = CacheTable(database: database)
    let real = try await database.read { db -> SearchEntry? in
      try Row.fetchOne(
        db, sql: "SELECT origin, key, payload, fetched_at, next_page_key, size FROM cache_entries WHERE namespace = ?",
        arguments: ["search.repositories"]
      ).map { row in
        SearchEntry(
          origin: row["origin"], key: row["key"], payload: row["payload"],
          fetchedAt: Date(timeIntervalSince1970: row["fetched_at"]), nextPageKey: row["next_page_key"],
          size: row["size"])
      }
    }
    guard let real else { throw BenchmarkFailure("the online search cached nothing") }
    for index in 1..<searches {
      try await table.save(
        CacheRecord(
          namespace: "search.repositories", origin: real.origin,
          key: real.key.replacingOccurrences(of: "\"swift\"", with: "\"query-\(index)\""), payload: real.payload,
          fetchedAt: real.fetchedAt.addingTimeInterval(-Double(searches - index)), nextPageKey: real.nextPageKey))
    }
    return real.size
  }
}

/// One cached search, as the app wrote it.
private struct SearchEntry: Sendable {
  let origin: String
  let key: String
  let payload: Data
  let fetchedAt: Date
  let nextPageKey: String?
  let size: Int
}

/// The cache section's figures.
struct CacheResult: Codable {
  struct Home: Codable {
    let searchesWritten: Int
    let entriesKept: Int
    let entryBytes: Int
    let fileBytes: Int
    let seedSeconds: Double
  }

  struct Command: Codable {
    let command: String
    let small: Figure
    let large: Figure
    var largeOverSmall: Double { large.median / small.median }
  }

  let limitBytes: Int
  let oneSearchEntryBytes: Int
  let homes: [Home]
  let commands: [Command]
}
