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

  /// Made by `SearchPlugin`, which hands the app every assembly of the slice.
  public init() {}

  /// Registers the GitHub REST client and API, the stores (``SearchStores``) and the sender of stars.
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
      try SearchStores.searches(in: r)
    }
    registrar.register(Store<RepoFullName, Bool>.self, scope: .singleton) { r in
      // The wording is the presenter layer's; an app without it (a test of this layer alone) says the raw failure.
      let store = try SearchStores.starred(
        in: r, details: try r.resolve(), locks: try r.resolve(),
        wording: try? r.resolve(ChangeWording.self, name: .github))
      // The screens' marks follow it, in this process and across processes.
      return try r.resolve(FollowedStores.self).adding(store)
    }
    registrar.register(ChangeSender.self, name: .github, scope: .singleton) { r in
      guard let sender = try r.resolve(Store<RepoFullName, Bool>.self).sender else {
        preconditionFailure("the store of stars is made with an updater, so it has a sender")
      }
      return sender
    }
    registrar.register(Store<RepoFullName, RepoDetailResponse>.self, scope: .singleton) { r in
      try SearchStores.details(in: r)
    }
  }
}
