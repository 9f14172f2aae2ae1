import Foundation
import Infrastructure
import Repository
import SearchRepository
import UseCase

/// Searches GitHub repos through the cache: fresh cached results, else GitHub page by page.
public struct SearchReposUseCase: Sendable {
  private let store: Store<RepoSearchKey, RepoSearchResults>
  private let stars: StarRepoUseCase
  private let clock: any AppClock
  private let quota: GitHubSearchQuota

  /// Creates the use case over the search store; `stars` holds the repos' stars a following search marks.
  init(
    store: Store<RepoSearchKey, RepoSearchResults>, stars: StarRepoUseCase, clock: any AppClock,
    quota: GitHubSearchQuota
  ) {
    self.store = store
    self.stars = stars
    self.clock = clock
    self.quota = quota
  }

  /// How many searches GitHub said are left, and until when; `nil` before any search was answered, or when that
  /// limit has reset since.
  public var searchesLeft: SearchesLeft? {
    guard let reading = quota.current else { return nil }
    if let reset = reading.resetAt, reset <= clock.now() { return nil }
    return SearchesLeft(count: reading.remaining, until: reading.resetAt)
  }

  /// The states of one search for up to `request.limit` repos, read as `policy` says: the cached results while
  /// GitHub is asked, then GitHub's (every page up to the limit), or the cached results kept with GitHub's failure
  /// as their ``/UseCase/Outcome/refreshFailure``, or the failure when there is nothing to show. `following` (a screen)
  /// marks the results with their ``FoundRepos/stars`` and goes on after that, with the results again each time
  /// the store of stars holds them another way (``/UseCase/Reading/following(_:in:marking:)``), until the read is left.
  public func read(
    _ request: RepoSearchRequest, policy: CachePolicy, following: Bool = false
  ) -> Reading<ReadState<FoundRepos, SearchFailure>> {
    let key = request.key
    let store = store
    let reading = store.stream(key, policy: policy)
    let content: @Sendable (RepoSearchResults) -> FoundRepos = { FoundRepos($0, request: request) }
    let found =
      policy == .offline
      ? reading.reading(on: clock, content: content, failure: { SearchFailure($0) })
      : reading.reading(
        on: clock, content: content, failure: { SearchFailure($0) },
        settling: { await store.appendingRemainingPages(to: $0, of: key) })
    guard following else { return found }
    return found.following({ $0.items.map(\.fullName) }, in: stars.stars(among:)) { $0.stars = $1 }
  }
}

/// How many searches GitHub allows until a time: what a screen searching as the user types must not use up.
public struct SearchesLeft: Sendable, Equatable {
  /// Searches left.
  public var count: Int
  /// When the count starts again, if GitHub said.
  public var until: Date?
}

extension FoundRepos {
  /// The DTO of the cached search results for `request`.
  init(_ results: RepoSearchResults, request: RepoSearchRequest) {
    self.init(
      request: request, items: results.items.map(RepoSummary.init), totalCount: results.totalCount,
      isIncomplete: results.incompleteResults)
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
