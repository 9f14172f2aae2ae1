import Foundation
import Infrastructure
import Repository
import SearchRepository
import UseCase

/// Searches GitHub repositories through the cache: fresh cached results, else GitHub page by page.
public protocol SearchReposUseCase: Sendable {
  /// Collects up to `request.limit` repositories for the request.
  ///
  /// When GitHub fails and results for the same request are cached, they are returned as stale with the
  /// failure in ``Outcome/refreshFailure``.
  ///
  /// - Throws: ``SearchFailure`` when there is nothing to show.
  func execute(_ request: RepoSearchRequest) async throws(SearchFailure) -> Outcome<FoundRepos, SearchFailure>
}

/// The search over the repository store, which caches results for 10 minutes and appends each next page.
public struct LiveSearchReposUseCase: SearchReposUseCase {
  private let store: Store<RepoSearchKey, RepoSearchResults>
  private let clock: any AppClock

  /// Creates the use case over the search store.
  public init(store: Store<RepoSearchKey, RepoSearchResults>, clock: any AppClock) {
    self.store = store
    self.clock = clock
  }

  /// Reads the cache or GitHub as the request's policy says, then requests next pages until the limit.
  public func execute(
    _ request: RepoSearchRequest
  ) async throws(SearchFailure) -> Outcome<FoundRepos, SearchFailure> {
    let key = request.key
    do {
      switch request.policy {
      case .offline:
        return outcome(try await store.get(key, policy: .offline), fetched: false)
      case .standard, .refresh:
        var response = try await store.get(key, policy: request.policy)
        var fetched = response.source == .network
        while response.hasNextPage {
          response = try await store.requestNext(key)
          fetched = fetched || response.source == .network
        }
        return outcome(response, fetched: fetched)
      }
    } catch {
      let failure = SearchFailure(error)
      guard request.policy != .offline, let cached = try? await store.get(key, policy: .offline) else { throw failure }
      return outcome(cached, fetched: false).keptBecause(failure)
    }
  }

  private func outcome(
    _ response: StoreResponse<RepoSearchResults>, fetched: Bool
  ) -> Outcome<FoundRepos, SearchFailure> {
    let found = FoundRepos(
      items: response.value.items.map(RepoSummary.init), totalCount: response.value.totalCount,
      isIncomplete: response.value.incompleteResults)
    let provenance = Provenance(
      source: fetched ? .network : .cache, fetchedAt: response.fetchedAt, isStale: !fetched && response.isStale)
    return Outcome(found, provenance: provenance, answeredAt: clock.now())
  }
}

extension RepoSummary {
  /// The DTO of a search item; an empty description or language becomes `nil`.
  init(_ item: RepoItemResponse) {
    self.init(
      fullName: item.fullName, ownerLogin: item.owner.login, description: item.description.nonEmpty,
      language: item.language.nonEmpty,
      stargazersCount: item.stargazersCount, forksCount: item.forksCount, openIssuesCount: item.openIssuesCount,
      watchersCount: item.watchersCount, url: item.htmlUrl, updatedAt: item.updatedAt,
      isArchived: item.archived ?? false, visibility: item.visibility ?? "public")
  }
}

extension Optional where Wrapped == String {
  /// The text, or `nil` when it is missing or only whitespace.
  package var nonEmpty: String? {
    guard let self, !self.allSatisfy(\.isWhitespace) else { return nil }
    return self
  }
}
