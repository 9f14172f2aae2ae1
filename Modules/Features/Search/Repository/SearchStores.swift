import DI
import Foundation
import Infrastructure
import Repository

/// The Search stores: one per kind of GitHub data, each over the app database as its single source of truth.
///
/// GitHub's answers are filed under the API root they came from, and whether a repo is starred under the token too,
/// so another GitHub host or another token never answers with this one's data.
public enum SearchStores {
  /// Where whether the token's user starred a repo is kept, and the stars and unstars that wait for GitHub.
  public static let starredNamespace = "search.starred"

  /// The origin the cache files GitHub's answers under: the API root in `GITHUB_API_URL` (api.github.com by
  /// default), so a GitHub Enterprise host never answers with another host's cached data.
  static func origin(_ settings: Settings) throws -> String {
    try settings.value(of: SearchSettings.apiURL, default: SearchSettings.defaultAPIURL).absoluteString
  }

  /// The SHA-256 of the GitHub token set, or empty without one: stars are kept per token.
  static func tokenHash(_ settings: Settings) throws -> String {
    try settings.value(of: SearchSettings.token)?.fingerprint ?? ""
  }

  /// What every Search store is built on, as `resolver` has it: the app database, the origin it files the data
  /// under, the API that fetches it, and the clock that dates it.
  private static func parts(
    _ resolver: Resolver
  ) throws -> (database: Database, origin: String, api: GitHubAPI, clock: any AppClock) {
    (try resolver.resolve(), try origin(resolver.resolve()), try resolver.resolve(), try resolver.resolve())
  }

  /// The store of searches: each kept under its own key, and a smaller limit answered from the longest list
  /// cached for the same query, sort, order and language (the key without its limit), when that list covers it.
  static func searches(in resolver: Resolver) throws -> Store<RepoSearchKey, RepoSearchResults> {
    let (database, origin, api, clock) = try parts(resolver)
    return Store(
      cacher: CoveringListCacher(
        database: database, namespace: "search.repositories", origin: origin, timeToLive: SearchSettings.timeToLive,
        keyString: \.cacheKey
      ) { ($0.listName, $0.limit) },
      fetcher: RepoSearchFetcher(api: api),
      freshness: .ttl(SearchSettings.timeToLive), clock: clock)
  }

  /// The store of whether the token's user starred a repo, kept per API root and token; it keeps the stars and
  /// unstars that wait for GitHub and sends them (`PUT` or `DELETE /user/starred/…`), forgetting the repo's cached
  /// details once GitHub took one (its star count changed). `wording` says its failures as the commands do.
  static func starred(
    in resolver: Resolver, details: Store<RepoFullName, RepoDetailResponse>, locks: ChangeLocks,
    wording: ChangeWording?
  ) throws -> Store<RepoFullName, Bool> {
    let (database, origin, api, clock) = try parts(resolver)
    // Stars alone are kept per token.
    let tokenHash = try Self.tokenHash(resolver.resolve())
    let updater = Updater<RepoFullName, Bool>(
      key: { RepoFullName(argument: $0) }, describe: { name, starred in "\(starred ? "star" : "unstar") \(name)" },
      explain: { error, name in wording?.reason(error, key: name.description) ?? ChangeReason("\(error)") }
    ) { name, starred in
      do throws(GitHubAPIError) {
        try await api.setStarred(starred, owner: name.owner, name: name.name)
      } catch {
        return delivery(of: error)
      }
      try? await details.clear(name)
      return .delivered
    }
    return Store(
      cacher: SQLiteCacher(
        database: database, namespace: SearchStores.starredNamespace, origin: origin, tokenHash: tokenHash,
        keepsChanges: true
      ) { $0.canonical },
      fetcher: ClosureFetcher { name, _ in
        FetchResult(try await api.isStarred(owner: name.owner, name: name.name))
      },
      updater: updater, outbox: ChangeOutbox(database: database, locks: locks, clock: clock),
      freshness: .ttl(SearchSettings.timeToLive), clock: clock)
  }

  /// What `error` means for a star or unstar sent to GitHub:
  /// - refused for good, and undone: the token (401), a 403 that is not a rate limit, no such repo (404), an
  ///   invalid request (422), any other 4xx but 408 and 429;
  /// - waits, untried for the rest of the pass: GitHub cannot be reached or timed out, or a local setting stops the
  ///   send (no token, trust, a token the configuration will not send over plain http);
  /// - waits until the time GitHub asked for: a rate limit on stars (`retry-after`, else `x-ratelimit-reset`, else
  ///   a minute for a secondary limit that says neither); a limit on another resource (`search`) holds nothing;
  /// - waits, the next change may go: a server error, 408, an answer that cannot be read.
  static func delivery(of error: GitHubAPIError) -> ChangeDelivery {
    switch error {
    case .tokenRejected, .forbidden, .notFound, .validationFailed: .refused(error)
    case .server(let status, _) where (400..<500).contains(status) && status != 408 && status != 429: .refused(error)
    case .authenticationRequired, .insecureCredentials, .unreachable(.trustSetting), .unreachable(.trustStoreUnusable):
      .waits(error, .setting)
    case .timedOut, .unreachable: .waits(error, .originAway)
    case .rateLimited(let limit):
      if let resource = limit.resource, resource != "core" {
        .waits(error, .passing)
      } else {
        .waits(error, .until(limit.retryAt))
      }
    case .server, .malformedResponse: .waits(error, .passing)
    }
  }

  /// The store of repo details.
  static func details(in resolver: Resolver) throws -> Store<RepoFullName, RepoDetailResponse> {
    let (database, origin, api, clock) = try parts(resolver)
    return Store(
      cacher: SQLiteCacher(database: database, namespace: "search.repository", origin: origin) { $0.canonical },
      fetcher: ClosureFetcher { name, _ in
        FetchResult(try await api.repo(owner: name.owner, name: name.name))
      },
      freshness: .ttl(SearchSettings.timeToLive), clock: clock)
  }
}
