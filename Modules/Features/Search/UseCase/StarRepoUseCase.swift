import Repository
import SearchRepository

/// Stars or unstars a repo for the user the token belongs to, through the GitHub API, then forgets the cached
/// details whose star count just changed.
public struct StarRepoUseCase: Sendable {
  private let api: GitHubAPI
  private let details: Store<RepoFullName, RepoDetailResponse>

  /// Creates the use case.
  public init(api: GitHubAPI, details: Store<RepoFullName, RepoDetailResponse>) {
    self.api = api
    self.details = details
  }

  /// Stars (`starred: true`) or unstars `fullName` (`owner/name` or the repo's web address); returns the repo as
  /// `owner/name`.
  ///
  /// - Throws: ``SearchFailure/invalidRepoName(_:)``, ``SearchFailure/authenticationRequired`` without a
  ///   token, or GitHub's refusal.
  @discardableResult
  public func execute(fullName: String, starred: Bool) async throws(SearchFailure) -> String {
    guard let name = RepoFullName(argument: fullName) else { throw .invalidRepoName(fullName) }
    do {
      try await api.setStarred(starred, owner: name.owner, name: name.name)
    } catch {
      throw SearchFailure(error, repository: name.description)
    }
    try? await details.clear(name)
    return name.description
  }
}
