import Foundation
import Infrastructure
import Repository
import SearchRepository
import UseCase

/// Reads one repository through the cache: fresh cached details, else GitHub.
public protocol RepositoryDetailUseCase: Sendable {
  /// The details of `fullName` (`owner/name`).
  ///
  /// When GitHub fails and the repository is cached, the cached details are returned as stale with the failure
  /// in ``SearchOutcome/refreshFailure``.
  ///
  /// - Throws: ``SearchFailure/invalidRepositoryName(_:)`` for a malformed name, or why there is nothing to show.
  func execute(fullName: String, policy: CachePolicy) async throws(SearchFailure) -> RepositoryDetailOutcome
}

/// What the detail use case answers: one repository, where it came from, and how fresh it is.
public typealias RepositoryDetailOutcome = SearchOutcome<RepositoryDetail>

/// The detail read over the repository store, which caches each repository for 10 minutes.
public struct LiveRepositoryDetailUseCase: RepositoryDetailUseCase {
  private let store: Store<RepositoryFullName, RepositoryDetailResponse>
  private let clock: any AppClock

  /// Creates the use case over the detail store.
  public init(store: Store<RepositoryFullName, RepositoryDetailResponse>, clock: any AppClock) {
    self.store = store
    self.clock = clock
  }

  /// Reads the cache or GitHub as `policy` says.
  public func execute(
    fullName: String, policy: CachePolicy
  ) async throws(SearchFailure) -> RepositoryDetailOutcome {
    guard let name = RepositoryFullName(argument: fullName) else { throw .invalidRepositoryName(fullName) }
    do {
      return outcome(try await store.get(name, policy: policy))
    } catch {
      if policy == .offline, case StoreError.notCached = error { throw .repositoryNotCached(name.description) }
      let failure = SearchFailure(error, repository: name.description)
      guard policy != .offline, let cached = try? await store.get(name, policy: .offline) else { throw failure }
      return outcome(cached).keptBecause(failure)
    }
  }

  private func outcome(_ response: StoreResponse<RepositoryDetailResponse>) -> SearchOutcome<RepositoryDetail> {
    let provenance = Provenance(response)
    return SearchOutcome(
      content: RepositoryDetail(response.value), provenance: provenance, age: provenance.age(at: clock.now()))
  }
}

extension RepositoryDetail {
  /// The DTO of GitHub's repository answer; empty texts become `nil`.
  init(_ response: RepositoryDetailResponse) {
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
