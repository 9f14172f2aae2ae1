import Foundation
import Infrastructure
import Reliability
import SearchRepository
import TestSupport

/// Reliability scenarios of the Search feature, run against the built `app` binary.
public enum SearchScenarios {
  /// `processes` searches at once, each for a different query, all writing the one cache.
  public static func concurrentSearches(processes: Int = 16) async throws -> ScenarioResult {
    var tally = ScenarioTally("\(processes) searches write the cache at once")
    let github = try await GitHubFakeServer.start()
    defer { Task { await github.stop() } }
    let home = AppHome()
    defer { home.remove() }
    let environment = ["APP_HOME": home.url.path, "GITHUB_API_URL": github.baseURL.absoluteString]
    let results = try await withThrowingTaskGroup(of: (Int, AppRunner.Result).self) { group in
      for index in 1...processes {
        group.addTask {
          (index, try await AppRunner.run(["search", "swift", "topic-\(index)"], environment: environment))
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    for (index, run) in results.sorted(by: { $0.0 < $1.0 }) {
      var problems: [String] = []
      if run.status != 0 { problems.append("search \(index) exited \(run.status): \(run.stderr.prefix(200))") }
      if run.stderr.contains("locked") { problems.append("search \(index) saw a locked database") }
      tally.record(problems: problems)
    }
    let state = try home.inspect()
    let searches = state.cacheKeys.filter { $0.hasPrefix("search.repositories ") }.count
    if state.integrity != "ok" || searches != processes {
      tally.record(
        problems: ["after the run: integrity \(state.integrity), \(searches) cached searches"], lostData: true)
    }
    return tally.result
  }
}

/// The Search client's response decoders, for ``DecoderFuzzing``.
enum SearchDecoderTargets {
  /// The decoders, each with the GitHub fake's answer (GitHub's documented shapes).
  static func all() async throws -> [DecoderFuzzing.Target] {
    let github = try await GitHubFakeServer.start()
    defer { Task { await github.stop() } }
    let search = github.searchResponse(
      for: LoopbackRequest(
        method: "GET", path: "/search/repositories", rawQuery: "q=swift&per_page=5&page=1", headers: [:], body: Data()))
    let repo = github.repoResponse(
      for: LoopbackRequest(method: "GET", path: "/repos/owner1/repo-1", rawQuery: "", headers: [:], body: Data()))
    let errors = GitHubFakeResponses.validationFailed(errors: [["resource": "Search", "field": "q", "code": "invalid"]])
    let rest = RESTClient(
      http: NoHTTPClient(), baseURL: URL(fileURLWithPath: "/"), keyDecoding: .convertFromSnakeCase)
    return [
      .init(name: "search results", sample: search.body) { _ = try rest.decode(RepoSearchResults.self, from: $0) },
      .init(name: "repository", sample: repo.body) {
        _ = try rest.decode(RepoDetailResponse.self, from: $0)
      },
      .init(name: "error body", sample: errors.body) { _ = try rest.decode(HTTPErrorBody.self, from: $0) },
    ]
  }
}

/// An HTTP client the fuzzer never calls: it only uses the REST client's decoding.
private struct NoHTTPClient: HTTPClient {
  func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
    throw .cancelled
  }
}
