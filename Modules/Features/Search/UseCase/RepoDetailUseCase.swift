import Foundation
import Infrastructure
import Repository
import SearchRepository
import UseCase

/// Reads one repository through the cache: fresh cached details, else GitHub.
public protocol RepoDetailUseCase: Sendable {
  /// The details of `fullName` (`owner/name`).
  ///
  /// When GitHub fails and the repository is cached, the cached details are returned as stale with the failure
  /// in ``SearchOutcome/refreshFailure``.
  ///
  /// - Throws: ``SearchFailure/invalidRepoName(_:)`` for a malformed name, or why there is nothing to show.
  func execute(fullName: String, policy: CachePolicy) async throws(SearchFailure) -> RepoDetailOutcome
}

/// What the detail use case answers: one repository, where it came from, and how fresh it is.
public typealias RepoDetailOutcome = SearchOutcome<RepoDetail>

/// The detail read over the repository store, which caches each repository for 10 minutes.
public struct LiveRepoDetailUseCase: RepoDetailUseCase {
  private let store: Store<RepoFullName, RepoDetailResponse>
  private let clock: any AppClock

  /// Creates the use case over the detail store.
  public init(store: Store<RepoFullName, RepoDetailResponse>, clock: any AppClock) {
    self.store = store
    self.clock = clock
  }

  /// Reads the cache or GitHub as `policy` says.
  public func execute(
    fullName: String, policy: CachePolicy
  ) async throws(SearchFailure) -> RepoDetailOutcome {
    guard let name = RepoFullName(argument: fullName) else { throw .invalidRepoName(fullName) }
    do {
      return outcome(try await store.get(name, policy: policy))
    } catch {
      if policy == .offline, case StoreError.notCached = error { throw .repoNotCached(name.description) }
      let failure = SearchFailure(error, repository: name.description)
      guard policy != .offline, let cached = try? await store.get(name, policy: .offline) else { throw failure }
      return outcome(cached).keptBecause(failure)
    }
  }

  private func outcome(_ response: StoreResponse<RepoDetailResponse>) -> SearchOutcome<RepoDetail> {
    let provenance = Provenance(response)
    return SearchOutcome(
      content: RepoDetail(response.value), provenance: provenance, age: provenance.age(at: clock.now()))
  }
}

extension RepoDetail {
  /// The DTO of GitHub's repository answer; empty texts become `nil`.
  init(_ response: RepoDetailResponse) {
    let spdx = response.license?.spdxId.nonEmpty.flatMap { $0 == "NOASSERTION" ? nil : $0 }
    self.init(
      fullName: response.fullName, ownerLogin: response.owner.login, description: response.description.nonEmpty,
      language: response.language.nonEmpty, stargazersCount: response.stargazersCount,
      watchersCount: response.subscribersCount, forksCount: response.forksCount,
      openIssuesCount: response.openIssuesCount, topics: response.topics ?? [],
      licenseName: (response.license?.name).nonEmpty,
      licenseSPDXID: spdx, url: response.htmlUrl, updatedAt: response.updatedAt,
      isArchived: response.archived ?? false, visibility: response.visibility ?? "public")
  }
}
