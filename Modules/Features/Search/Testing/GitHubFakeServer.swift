import Foundation
import Synchronization
import TestSupport

/// A loopback server that behaves like the GitHub REST API for repo search, details and stars.
///
/// - `GET /search/repositories`: pages of ``repos`` (or ``setSearchResults(_:totalCount:)``) by `page`
///   and `per_page`, with `Link` headers (`next`, `last`, `prev`, `first`) and rate-limit headers; 422 for a
///   missing `q` and beyond the first 1,000 results.
/// - `GET /repos/{owner}/{repo}`: the repo, or 404.
/// - `PUT`/`DELETE`/`GET /user/starred/{owner}/{repo}`: 204; 401 without the expected token; 404 for an
///   unknown repo.
///
/// Every request is recorded on ``loopback``. Add routes there to script failures: a later route wins, and a
/// handler can still fall back to ``searchResponse(for:)``.
public final class GitHubFakeServer: Sendable {
  /// The server underneath; add routes to it to script answers.
  public let loopback: LoopbackServer
  /// The token the server accepts for starring, if any.
  public let token: String?

  private struct State {
    var repos: [GitHubFakeRepo]
    var searchResults: [GitHubFakeRepo]?
    var totalCount: Int?
    var starred: Set<String> = []
  }

  private let state: Mutex<State>

  private init(loopback: LoopbackServer, token: String?, repos: [GitHubFakeRepo]) {
    self.loopback = loopback
    self.token = token
    state = Mutex(State(repos: repos))
  }

  /// Starts a server knowing `repos`, accepting `token` for stars.
  public static func start(
    token: String? = nil, repos: [GitHubFakeRepo] = (1...5).map(GitHubFakeRepo.numbered)
  ) async throws -> GitHubFakeServer {
    let server = GitHubFakeServer(loopback: try await LoopbackServer.start(), token: token, repos: repos)
    server.installRoutes()
    return server
  }

  /// `http://127.0.0.1:<port>`: the value for `GITHUB_API_URL`.
  public var baseURL: URL { loopback.baseURL }

  /// Every request received so far.
  public var requests: [LoopbackRequest] { loopback.requests }

  /// The requests to `GET /search/repositories`.
  public var searchRequests: [LoopbackRequest] { loopback.requests(to: "/search/repositories") }

  /// The repos starred so far, as lower-cased `owner/name`.
  public var starred: Set<String> { state.withLock { $0.starred } }

  /// Stars `fullName` as if on github.com, outside the app.
  public func star(_ fullName: String) {
    state.withLock { _ = $0.starred.insert(fullName.lowercased()) }
  }

  /// Makes every search answer `results` (in order) and report `totalCount` (default: their number).
  public func setSearchResults(_ results: [GitHubFakeRepo], totalCount: Int? = nil) {
    state.withLock {
      $0.searchResults = results
      $0.totalCount = totalCount
    }
  }

  /// Stops the server.
  public func stop() async {
    await loopback.stop()
  }

  private func installRoutes() {
    loopback.route("GET", "/search/repositories") { [self] request in searchResponse(for: request) }
    loopback.route("GET", "/repos/*/*") { [self] request in repoResponse(for: request) }
    loopback.route(nil, "/user/starred/*/*") { [self] request in starResponse(for: request) }
  }

  /// The answer to a search request, as GitHub would give it.
  public func searchResponse(for request: LoopbackRequest) -> LoopbackResponse {
    guard let query = request.query("q"), !query.isEmpty else {
      return GitHubFakeResponses.validationFailed(errors: [["resource": "Search", "field": "q", "code": "missing"]])
    }
    let perPage = min(max(Int(request.query("per_page") ?? "") ?? 30, 1), 100)
    let page = max(Int(request.query("page") ?? "") ?? 1, 1)
    let (results, total) = state.withLock { ($0.searchResults ?? $0.repos, $0.totalCount) }
    let totalCount = total ?? results.count
    let start = (page - 1) * perPage
    guard start < 1000 else {
      return GitHubFakeResponses.error(
        422, message: "Only the first 1000 search results are available",
        documentationURL: "https://docs.github.com/v3/search")
    }
    let end = min(start + perPage, results.count, 1000)
    let items = start < end ? Array(results[start..<end]) : []
    let body: [String: Any] = [
      "total_count": totalCount, "incomplete_results": false,
      "items": items.enumerated().map { offset, repository in repository.searchItemJSON(id: start + offset + 1) },
    ]
    var headers = rateLimitHeaders(for: request, resource: "search")
    let lastPage = max(1, (min(totalCount, 1000) + perPage - 1) / perPage)
    var links: [String] = []
    if page < lastPage {
      links.append("<\(pageURL(request, page: page + 1))>; rel=\"next\"")
      links.append("<\(pageURL(request, page: lastPage))>; rel=\"last\"")
    }
    if page > 1 {
      links.append("<\(pageURL(request, page: page - 1))>; rel=\"prev\"")
      links.append("<\(pageURL(request, page: 1))>; rel=\"first\"")
    }
    if !links.isEmpty { headers["Link"] = links.joined(separator: ", ") }
    return GitHubFakeResponses.json(body, headers: headers)
  }

  /// The answer to `GET /repos/{owner}/{repo}`.
  public func repoResponse(for request: LoopbackRequest) -> LoopbackResponse {
    guard let (index, repo) = find(request) else { return GitHubFakeResponses.notFound() }
    return GitHubFakeResponses.json(
      repo.detailJSON(id: index + 1), headers: rateLimitHeaders(for: request, resource: "core"))
  }

  /// The answer to `PUT`, `DELETE` or `GET /user/starred/{owner}/{repo}`.
  public func starResponse(for request: LoopbackRequest) -> LoopbackResponse {
    guard let authorization = request.header("authorization") else {
      return GitHubFakeResponses.requiresAuthentication()
    }
    guard let token, authorization == "Bearer \(token)" else { return GitHubFakeResponses.badCredentials() }
    guard let (_, repo) = find(request) else { return GitHubFakeResponses.notFound() }
    let key = repo.fullName.lowercased()
    switch request.method {
    case "PUT":
      state.withLock { _ = $0.starred.insert(key) }
      return .empty()
    case "DELETE":
      state.withLock { _ = $0.starred.remove(key) }
      return .empty()
    default:
      return state.withLock { $0.starred.contains(key) } ? .empty() : GitHubFakeResponses.notFound()
    }
  }

  /// The repo named by the last two segments of the request's path, compared without regard to case.
  private func find(_ request: LoopbackRequest) -> (Int, GitHubFakeRepo)? {
    let segments = request.path.split(separator: "/").suffix(2).map { $0.removingPercentEncoding ?? String($0) }
    guard segments.count == 2 else { return nil }
    let name = "\(segments[0])/\(segments[1])".lowercased()
    return state.withLock { state in
      state.repos.enumerated().first { $0.element.fullName.lowercased() == name }.map { ($0.offset, $0.element) }
    }
  }

  private func rateLimitHeaders(for request: LoopbackRequest, resource: String) -> [String: String] {
    let limit = resource == "search" ? (request.header("authorization") == nil ? 10 : 30) : 5000
    let used = loopback.requests.count
    return [
      "x-ratelimit-limit": String(limit), "x-ratelimit-remaining": String(max(0, limit - used)),
      "x-ratelimit-used": String(used), "x-ratelimit-reset": String(Int(Date().timeIntervalSince1970) + 60),
      "x-ratelimit-resource": resource,
    ]
  }

  /// The request's URL on this server with its `page` replaced.
  private func pageURL(_ request: LoopbackRequest, page: Int) -> String {
    let kept = request.rawQuery.split(separator: "&").filter { !$0.hasPrefix("page=") }
    return loopback.url(request.path + "?" + (kept + ["page=\(page)"]).joined(separator: "&")).absoluteString
  }
}
