import Repository
import SearchRepository

/// Stars or unstars a repository for the user the token belongs to.
public protocol StarRepoUseCase: Sendable {
  /// Stars (`starred: true`) or unstars `fullName` (`owner/name` or the repository's web address); returns the
  /// repository as `owner/name`.
  ///
  /// - Throws: ``SearchFailure/invalidRepoName(_:)``, ``SearchFailure/authenticationRequired`` without a
  ///   token, or GitHub's refusal.
  @discardableResult
  func execute(fullName: String, starred: Bool) async throws(SearchFailure) -> String
}

/// Stars through the GitHub API, then forgets the cached details whose star count just changed.
public struct LiveStarRepoUseCase: StarRepoUseCase {
  private let api: GitHubAPI
  private let details: Store<RepoFullName, RepoDetailResponse>

  /// Creates the use case.
  public init(api: GitHubAPI, details: Store<RepoFullName, RepoDetailResponse>) {
    self.api = api
    self.details = details
  }

  /// Sends the star or unstar request.
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
