import DI
import Infrastructure

extension RepositoryAssembly {
  /// How long searched and viewed repositories stay fresh in the cache.
  public static let searchTimeToLive = Duration.seconds(10 * 60)

  /// Registers the Search feature's repository types: the GitHub API and the cache-then-GitHub stores.
  func registerSearch(into registrar: Registrar) {
    registrar.register(GitHubAPI.self, scope: .singleton) { r in
      let configuration = try r.resolve(AppConfiguration.self)
      return GitHubAPI(
        rest: try r.resolve(RESTClient.self, name: .github), clock: try r.resolve((any AppClock).self),
        hasToken: configuration.gitHubToken != nil)
    }
    registrar.register(Store<RepositorySearchKey, RepositorySearchResults>.self, scope: .singleton) { r in
      Store(
        cacher: SQLiteCacher(database: try r.resolve(), namespace: "search.repositories") { $0.cacheKey },
        fetcher: RepositorySearchFetcher(api: try r.resolve()),
        freshness: .ttl(Self.searchTimeToLive),
        clock: try r.resolve((any AppClock).self))
    }
    registrar.register(Store<RepositoryFullName, RepositoryDetailResponse>.self, scope: .singleton) { r in
      let api = try r.resolve(GitHubAPI.self)
      let fetcher = ClosureFetcher<RepositoryFullName, RepositoryDetailResponse> { name, _ in
        FetchResult(try await api.repository(owner: name.owner, name: name.name))
      }
      return Store(
        cacher: SQLiteCacher(database: try r.resolve(), namespace: "search.repository") { $0.canonical },
        fetcher: fetcher,
        freshness: .ttl(Self.searchTimeToLive),
        clock: try r.resolve((any AppClock).self))
    }
  }
}
