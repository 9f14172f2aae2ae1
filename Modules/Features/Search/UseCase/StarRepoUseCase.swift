import Foundation
import Infrastructure
import Repository
import SearchRepository
import UseCase

/// What starring or unstarring did: the repo, and whether it is now starred.
public struct StarChange: Hashable, Sendable {
  /// The repo, as `owner/name`.
  public var fullName: String
  /// `true` once starred, `false` once unstarred.
  public var starred: Bool

  /// Creates the answer.
  public init(fullName: String, starred: Bool) {
    self.fullName = fullName
    self.starred = starred
  }
}

/// Stars or unstars a repo for the user the token belongs to, through the GitHub API, then forgets the cached
/// details whose star count just changed.
public struct StarRepoUseCase: Sendable {
  private let api: GitHubAPI
  private let details: Store<RepoFullName, RepoDetailResponse>
  private let clock: any AppClock

  /// Creates the use case.
  init(api: GitHubAPI, details: Store<RepoFullName, RepoDetailResponse>, clock: any AppClock) {
    self.api = api
    self.details = details
    self.clock = clock
  }

  /// Stars (`starred: true`) or unstars `fullName` (`owner/name` or the repo's web address); answers the repo as
  /// `owner/name` and its new state, with provenance `.network`: GitHub took the write, now.
  ///
  /// - Throws: ``SearchFailure/invalidRepoName(_:)``, ``SearchFailure/authenticationRequired`` without a
  ///   token, or GitHub's refusal.
  @discardableResult
  public func execute(fullName: String, starred: Bool) async throws(SearchFailure) -> Outcome<StarChange, SearchFailure>
  {
    guard let name = RepoFullName(argument: fullName) else { throw .invalidRepoName(fullName) }
    do {
      try await api.setStarred(starred, owner: name.owner, name: name.name)
    } catch {
      throw SearchFailure(error, repo: name.description)
    }
    try? await details.clear(name)
    let now = clock.now()
    return Outcome(
      StarChange(fullName: name.description, starred: starred), provenance: .written(to: .network, at: now),
      answeredAt: now)
  }
}
