import Foundation
import Infrastructure
import Repository

/// The GitHub REST endpoints the Search feature uses, with GitHub's errors and rate limits told apart.
///
/// Requests go through ``/Infrastructure/RESTClient`` `[.github]`: its base URL, GitHub's headers and, when a token is
/// set, the `Authorization` header. Paths are built from the base URL only, never from a URL in an answer, so the token
/// goes to the configured API host alone.
///
/// A rate-limited request is tried again once, and only when GitHub asks to wait at most
/// ``maximumAutomaticWait``; otherwise the limit is reported at once.
public struct GitHubAPI: Sendable {
  /// The longest wait that is sat out before the one automatic retry.
  public static let maximumAutomaticWait = 2

  private let rest: RESTClient
  private let clock: any AppClock
  /// Whether requests carry a token.
  public let hasToken: Bool
  private let pause: @Sendable (Int) async -> Void
  private let quota: GitHubSearchQuota

  /// Creates the API over `rest`; `hasToken` tells whether `rest` sends a token.
  ///
  /// - Parameters:
  ///   - quota: What every answer's rate-limit headers say about the search limit is read into it.
  ///   - pause: Waits the given number of seconds before the automatic retry (a task sleep by default).
  public init(
    rest: RESTClient, clock: any AppClock, hasToken: Bool, quota: GitHubSearchQuota = GitHubSearchQuota(),
    pause: @escaping @Sendable (Int) async -> Void = { seconds in try? await Task.sleep(for: .seconds(seconds)) }
  ) {
    self.rest = rest
    self.clock = clock
    self.hasToken = hasToken
    self.quota = quota
    self.pause = pause
  }

  /// `GET /search/repositories`: one page of repos matching `query`.
  public func searchRepos(
    query: String, sort: String?, order: String?, perPage: Int, page: Int
  ) async throws(GitHubAPIError) -> GitHubPage<RepoSearchResults> {
    var items = [URLQueryItem(name: "q", value: query)]
    if let sort {
      items.append(URLQueryItem(name: "sort", value: sort))
      if let order { items.append(URLQueryItem(name: "order", value: order)) }
    }
    items.append(URLQueryItem(name: "per_page", value: String(perPage)))
    items.append(URLQueryItem(name: "page", value: String(page)))
    let response = try await send(.get, path: "/search/repositories", query: items)
    let body = try decode(RepoSearchResults.self, from: response)
    return GitHubPage(body: body, links: GitHubLinkHeader(response.headers["Link"]))
  }

  /// `GET /repos/{owner}/{repo}`: one repo with its watcher count, topics and license.
  public func repo(owner: String, name: String) async throws(GitHubAPIError) -> RepoDetailResponse {
    let response = try await send(.get, path: "/repos/\(owner)/\(name)")
    return try decode(RepoDetailResponse.self, from: response)
  }

  /// The host of this GitHub's web pages, where a repo's address must point.
  public var webHost: String { SearchSettings.webHost(of: rest.baseURL) }
  /// The host of `GITHUB_API_URL` when a token is set that is never sent there (plain `http://` to a host that
  /// is not loopback), else `nil`.
  public var hostRefusingToken: String? { hasToken ? rest.baseURL.hostRefusingCredentials : nil }

  /// `PUT` (star) or `DELETE` (unstar) `/user/starred/{owner}/{repo}`; GitHub answers 204 (a 304, Not Modified,
  /// means it held that already).
  ///
  /// - Throws: ``GitHubAPIError/authenticationRequired`` without sending anything when no token is set.
  public func setStarred(_ starred: Bool, owner: String, name: String) async throws(GitHubAPIError) {
    guard hasToken else { throw .authenticationRequired }
    // An empty body makes the client send `Content-Length: 0`, which GitHub asks for with this PUT.
    do {
      _ = try await send(
        starred ? .put : .delete, path: "/user/starred/\(owner)/\(name)", body: starred ? Data() : nil)
    } catch .server(status: 304, _) {
      // Not Modified: GitHub holds the star (or its absence) already.
    }
  }

  /// `GET /user/starred/{owner}/{repo}`: whether the token's user starred the repo (GitHub answers 204 when so,
  /// 404 when not).
  ///
  /// - Throws: ``GitHubAPIError/authenticationRequired`` without sending anything when no token is set.
  public func isStarred(owner: String, name: String) async throws(GitHubAPIError) -> Bool {
    guard hasToken else { throw .authenticationRequired }
    do {
      _ = try await send(.get, path: "/user/starred/\(owner)/\(name)")
      return true
    } catch .notFound {
      return false
    }
  }

  private func send(
    _ method: HTTPMethod, path: String, query: [URLQueryItem] = [], body: Data? = nil
  ) async throws(GitHubAPIError) -> HTTPResponse {
    let request: HTTPRequest
    do {
      request = HTTPRequest(
        method: method, url: try rest.url(path: path, query: query), headers: rest.defaultHeaders, body: body,
        timeout: rest.timeout)
    } catch {
      throw .unreachable(Self.httpError(error))
    }
    let first = try await exchange(request)
    if case .rateLimited(let limit) = failure(of: first), let wait = limit.waitSeconds,
      wait <= Self.maximumAutomaticWait
    {
      await pause(wait)
      return try succeeded(try await exchange(request))
    }
    return try succeeded(first)
  }

  private func exchange(_ request: HTTPRequest) async throws(GitHubAPIError) -> HTTPResponse {
    do {
      let response = try await rest.http.send(request)
      quota.record(response)
      return response
    } catch {
      switch error {
      case .insecureCredentials(let host): throw .insecureCredentials(host: host)
      case .timedOut(let host): throw .timedOut(host: host)
      default: throw .unreachable(error)
      }
    }
  }

  private func succeeded(_ response: HTTPResponse) throws(GitHubAPIError) -> HTTPResponse {
    if let failure = failure(of: response) { throw failure }
    return response
  }

  /// What a non-2xx answer means, or `nil` for a 2xx one.
  private func failure(of response: HTTPResponse) -> GitHubAPIError? {
    guard !response.isSuccess else { return nil }
    let body = HTTPErrorBody(decoding: response.body)
    let message = body?.message.flatMap { $0.isEmpty ? nil : scrubbed($0) }
    if let limit = GitHubRateLimit(
      response: response, message: message, receivedAt: clock.now(), authenticated: hasToken)
    {
      return .rateLimited(limit)
    }
    switch response.status {
    case 401: return .tokenRejected(message: message)
    case 403: return .forbidden(message: message)
    case 404: return .notFound(message: message)
    case 422:
      return .validationFailed(
        message: message ?? "Validation Failed",
        details: (body?.errors ?? []).map { scrubbed(Self.validationDetail($0)) })
    default: return .server(status: response.status, message: message)
    }
  }

  /// How an entry of a 422 answer's `errors[]` is told in ``GitHubAPIError/validationFailed(message:details:)``:
  /// `field: message (code)`, or as much of it as GitHub gave.
  private static func validationDetail(_ entry: HTTPErrorBody.Entry) -> String {
    var text = entry.message ?? entry.code.map { "\($0) value" } ?? "invalid"
    if let field = entry.field { text = "\(field): \(text)" }
    if entry.message != nil, let code = entry.code { text += " (\(code))" }
    return text
  }

  /// `text` with the token this client sends replaced, in case a server echoes it back in a message.
  private func scrubbed(_ text: String) -> String {
    rest.redactingCredentials(in: text)
  }

  private func decode<T: Decodable>(_ type: T.Type, from response: HTTPResponse) throws(GitHubAPIError) -> T {
    do {
      return try rest.decode(type, from: response.body)
    } catch {
      switch error {
      case .decoding(_, let detail): throw .malformedResponse(detail: detail)
      default: throw .malformedResponse(detail: error.description)
      }
    }
  }

  private static func httpError(_ error: RESTError) -> HTTPError {
    if case .http(let underlying) = error { return underlying }
    return .invalidURL(error.description)
  }
}
