import DI
import Foundation
import Infrastructure
import Repository

extension Name {
  /// The GitHub REST API origin.
  public static let github = Name("github")
}

/// Registers the Search feature's data layer: the GitHub REST client, the GitHub API and the
/// cache-then-GitHub stores.
public struct SearchRepositoryAssembly: Assembly {
  /// The data layer builds on the Repository kit (and, through it, the infrastructure).
  public static let dependencies: [any Assembly.Type] = [RepositoryAssembly.self]

  /// How long searched and viewed repos stay fresh in the cache.
  public static let searchTimeToLive = Duration.seconds(10 * 60)

  /// The origin the cache files GitHub's answers under: the API root in `GITHUB_API_URL` (api.github.com by
  /// default), so a GitHub Enterprise host never answers with another host's cached data.
  static func origin(_ settings: Settings) throws -> String {
    try settings.value(of: SearchSettings.apiURL, default: SearchSettings.defaultAPIURL).absoluteString
  }

  /// Where whether the token's user starred a repo is kept, and the stars and unstars that wait for GitHub.
  public static let starredNamespace = "search.starred"

  /// The SHA-256 of the GitHub token set, or empty without one: stars are kept per token.
  static func tokenHash(_ settings: Settings) throws -> String {
    try settings.value(of: SearchSettings.token)?.fingerprint ?? ""
  }

  /// Made by `SearchPlugin`, which hands the app every assembly of the slice.
  public init() {}

  /// Registers the GitHub REST client and API, and the stores of searches and repo details.
  public func assemble(into registrar: Registrar) {
    registrar.register(RESTClient.self, name: .github, scope: .singleton) { r in
      let settings = try r.resolve(Settings.self)
      var headers: HTTPHeaders = [
        "Accept": "application/vnd.github+json",
        "X-GitHub-Api-Version": "2022-11-28",
        "User-Agent": AppInfo.userAgent,
      ]
      if let token = try settings.value(of: SearchSettings.token) {
        headers["Authorization"] = token.authorizationHeaderValue()
      }
      return RESTClient(
        http: try r.resolve((any HTTPClient).self),
        baseURL: try settings.value(of: SearchSettings.apiURL, default: SearchSettings.defaultAPIURL),
        defaultHeaders: headers, keyDecoding: .convertFromSnakeCase)
    }
    registrar.register(GitHubSearchQuota.self, scope: .singleton) { _ in GitHubSearchQuota() }
    registrar.register(GitHubAPI.self, scope: .singleton) { r in
      let rest = try r.resolve(RESTClient.self, name: .github)
      return GitHubAPI(
        rest: rest, clock: try r.resolve((any AppClock).self), hasToken: rest.defaultHeaders.contains("Authorization"),
        quota: try r.resolve())
    }
    registrar.register(Store<RepoSearchKey, RepoSearchResults>.self, scope: .singleton) { r in
      Store(
        // A smaller limit is answered from the longest list cached for the same query, sort, order and language.
        cacher: CoveringListCacher(
          database: try r.resolve(), namespace: "search.repositories", origin: try Self.origin(r.resolve()),
          timeToLive: Self.searchTimeToLive, keyString: \.cacheKey
        ) { ($0.listName, $0.limit) },
        fetcher: RepoSearchFetcher(api: try r.resolve()),
        freshness: .ttl(Self.searchTimeToLive),
        clock: try r.resolve((any AppClock).self))
    }
    registrar.register(Store<RepoFullName, Bool>.self, scope: .singleton) { r in
      let api = try r.resolve(GitHubAPI.self)
      let fetcher = ClosureFetcher<RepoFullName, Bool> { name, _ in
        FetchResult(try await api.isStarred(owner: name.owner, name: name.name))
      }
      return Store(
        cacher: SQLiteCacher(
          database: try r.resolve(), namespace: Self.starredNamespace, origin: try Self.origin(r.resolve()),
          tokenHash: try Self.tokenHash(r.resolve()), keepsChanges: true
        ) { $0.canonical },
        fetcher: fetcher,
        freshness: .ttl(Self.searchTimeToLive),
        clock: try r.resolve((any AppClock).self))
    }
    registrar.register(ChangeSender.self, name: .github, scope: .singleton) { r in
      let api = try r.resolve(GitHubAPI.self)
      let details = try r.resolve(Store<RepoFullName, RepoDetailResponse>.self)
      return ChangeSender(
        store: try r.resolve(Store<RepoFullName, Bool>.self), namespace: Self.starredNamespace,
        origin: try Self.origin(r.resolve()), tokenHash: try Self.tokenHash(r.resolve()),
        key: { RepoFullName(argument: $0) }, describe: { name, starred in "\(starred ? "star" : "unstar") \(name)" }
      ) { name, starred in
        do throws(GitHubAPIError) {
          try await api.setStarred(starred, owner: name.owner, name: name.name)
        } catch {
          return error.delivery
        }
        // The repo's star count changed: its details are read again.
        try? await details.clear(name)
        return .delivered
      }
    }
    registrar.register(Store<RepoFullName, RepoDetailResponse>.self, scope: .singleton) { r in
      let api = try r.resolve(GitHubAPI.self)
      let fetcher = ClosureFetcher<RepoFullName, RepoDetailResponse> { name, _ in
        FetchResult(try await api.repo(owner: name.owner, name: name.name))
      }
      return Store(
        cacher: SQLiteCacher(
          database: try r.resolve(), namespace: "search.repository", origin: try Self.origin(r.resolve())
        ) { $0.canonical },
        fetcher: fetcher,
        freshness: .ttl(Self.searchTimeToLive),
        clock: try r.resolve((any AppClock).self))
    }
  }
}
