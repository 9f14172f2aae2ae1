import Foundation
import Repository
import SearchInterface
import UseCase

/// What Search offers other features (``/SearchInterface/RepoFinder``): a repo search through `app search`'s own use
/// case, so its cache, token and rate-limit rules hold for every feature that asks.
public struct LiveRepoFinder: RepoFinder {
  private let search: SearchReposUseCase

  /// Creates the finder over the search use case.
  public init(search: SearchReposUseCase) {
    self.search = search
  }

  /// Up to `limit` repos GitHub finds for `text` (its words joined by single spaces), as `app search` finds them.
  public func repos(
    matching text: String, limit: Int, policy: CachePolicy
  ) async throws(RelatedLookupFailure) -> [FoundRepo] {
    let query = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    guard !query.isEmpty, limit > 0 else { return [] }
    let settled: Outcome<FoundRepos, SearchFailure>?
    do {
      settled = try await search.read(RepoSearchRequest(query: query, limit: limit), policy: policy).settled()
    } catch {
      if case .notCached = error { throw .notCached }
      throw .failed(Self.reason(error))
    }
    // A read ends unsettled only when the lookup was cancelled, and then no one waits for this answer.
    guard let outcome = settled else { throw .failed("cancelled") }
    return outcome.content.items.prefix(limit).map {
      FoundRepo(fullName: $0.fullName, description: $0.description, stargazersCount: $0.stargazersCount, url: $0.url)
    }
  }

  /// A one-line reason for `failure`, for a screen that is whole without the repos.
  static func reason(_ failure: SearchFailure) -> String {
    switch failure {
    case .rateLimited: "GitHub's rate limit was reached"
    case .tokenRejected: "GitHub rejected the token"
    case .timedOut(let host): "\(host) did not answer in time"
    case .unreachable(let description): "GitHub could not be reached: \(description)"
    case .server(let status, _): "GitHub answered with status \(status)"
    case .notFound: "GitHub's search was not found; check GITHUB_API_URL"
    case .forbidden: "GitHub refused the search"
    case .insecureCredentials(let host), .tokenNeverSent(let host):
      "the token would have gone over plain http to \(host)"
    case .setting(let description): description
    case .storage(let description): "the cache could not be read: \(description)"
    case .invalidQuery, .malformedResponse, .invalidRepoName, .repoPageAddress, .otherHost, .authenticationRequired,
      .notCached,
      .repoNotCached, .changeNotKept, .changeWaits, .changeHeld, .changeUndoneElsewhere:
      "GitHub could not search for it"
    }
  }
}
