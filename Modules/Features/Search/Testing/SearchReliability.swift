import Foundation
import Infrastructure
import Reliability
import TestSupport

/// The Search feature's part of `make stress`: many searches writing the cache, stars sent under faults, kills, a
/// full disk and a read-only home, its decoders fuzzed, and its commands in the fault matrix.
public enum SearchReliability: FeatureReliability {
  /// Its scenarios at full size, drawing random choices from `seed`.
  public static func scenarios(seed: UInt64) -> [ReliabilityScenario] {
    [
      ReliabilityScenario("16 searches write the cache at once") {
        try await SearchScenarios.concurrentSearches(processes: 16)
      },
      ReliabilityScenario("changes: star/unstar + app sync under GitHub faults, then healthy") {
        try await SearchChangeScenarios.sendingUnderFaults()
      },
      ReliabilityScenario("changes: kill -9 during star, unstar and app sync", killsTheApp: true) {
        try await SearchChangeScenarios.killDuringChanges(runs: 120, seed: seed)
      },
      ReliabilityScenario("changes: a newer intent while app sync sends the waiting one") {
        try await SearchChangeScenarios.newerIntentDuringSync(runs: 100, seed: seed)
      },
      ReliabilityScenario("changes: star on a full disk") {
        try await SearchChangeScenarios.fullDisk()
      },
      ReliabilityScenario("changes: star in a read-only APP_HOME") {
        try await SearchChangeScenarios.readOnlyHome()
      },
    ]
  }

  /// Its response decoders with real samples.
  public static func fuzzing() async throws -> [DecoderFuzzing.Suite] {
    [
      DecoderFuzzing.Suite(
        name: "fuzzed GitHub responses", targets: try await SearchDecoderTargets.all(),
        isTypedError: { $0 is RESTError })
    ]
  }

  /// `app ui search swift` under every fault: once the search has answered (or failed), Esc leaves the query
  /// field, Enter opens the first repo, Esc comes back.
  public static let screenRuns = [
    ScreenRun(
      arguments: ["search", "swift"], keys: ["\u{1B}", "\r", "\u{1B}"], framesBeforeKeys: 2,
      loadingStatus: "Searching GitHub…")
  ]

  /// Its command lines that must be usage errors.
  public static let hostileArguments: [(arguments: [String], message: String)] = [
    (["search", ""], "The search query is empty."),
    (["search", String(repeating: "swift ", count: 1800)], "argument 2 ('swift swift swif…') is 10800 bytes long"),
    (["search", "swift\u{07}"], "argument 2 contains a control character (U+0007)"),
    (["search", "swift", "--limit", "0"], "--limit must be from 1 to 1000"),
    (["search", "swift", "--limit", "5000"], "--limit must be from 1 to 1000"),
    (["search", "view", "not-a-repo"], "'not-a-repo' is not a repository name"),
  ]

  /// Its origin and commands in the fault matrix.
  public static func faultMatrix() async throws -> FaultMatrixPart {
    FaultMatrixPart(
      origin: try await GitHubFakeServer.start(token: FaultMatrix.token),
      setup: [["search", "swift"], ["search", "view", "owner1/repo-1"]],
      // Starring drops the starred repo's cached details on purpose (its star count changed), and a star GitHub
      // refuses is undone with the cached answer it overwrote, which the next read asks GitHub for again.
      droppedCacheEntries: ["search.repository owner1/repo-1", "search.starred owner1/repo-1"],
      commands: [
        FaultMatrixCommand("search", arguments: { $0 ? ["search", "swift", "--refresh"] : ["search", "swift"] }) {
          FaultMatrixCommand.cachedReadStatus($0, warm: $1)
        },
        // `search view` stays fresh in its cache, so a warm run shows it without asking.
        FaultMatrixCommand("search view", arguments: { _ in ["search", "view", "owner1/repo-1"] }) {
          FaultMatrixCommand.cachedReadStatus($0, warm: $1)
        },
        // A star GitHub cannot take now is kept for `app sync` (exit 0); one it refuses for good is not.
        FaultMatrixCommand("star", arguments: { _ in ["search", "star", "owner1/repo-1"] }) { fault, _ in
          switch fault {
          // The other port answers, but Authorization is not carried there, so starring is refused.
          case .redirectToOtherPort: 4
          default: 0
          }
        },
      ])
  }
}

extension GitHubFakeServer: FaultOrigin {
  /// The settings that point the app at this origin served at `base`.
  public func environment(base: URL, token: String) -> [String: String] {
    ["GITHUB_API_URL": base.absoluteString, "GH_TOKEN": token]
  }

  /// Whether `request` is for this origin.
  public func handles(_ request: LoopbackRequest) -> Bool {
    request.path == "/search/repositories" || request.path.hasPrefix("/user/starred/")
      || request.path.hasPrefix("/repos/")
  }

  /// The healthy answer to `request`.
  public func answer(_ request: LoopbackRequest) async throws -> LoopbackResponse {
    if request.path == "/search/repositories" { return searchResponse(for: request) }
    if request.path.hasPrefix("/user/starred/") { return starResponse(for: request) }
    return repoResponse(for: request)
  }

  /// Its own answer under `fault`, where it differs from the generic one.
  public func answer(_ request: LoopbackRequest, under fault: Fault) async throws -> LoopbackResponse? {
    guard fault == .rateLimited else { return nil }
    return GitHubFakeResponses.rateLimitExceeded(reset: Date().addingTimeInterval(3600))
  }
}
