import Repository
import SearchRepository

/// Stars or unstars a repository for the user the token belongs to.
public protocol StarRepositoryUseCase: Sendable {
  /// Stars (`starred: true`) or unstars `fullName` (`owner/name` or the repository's web address); returns the
  /// repository as `owner/name`.
  ///
  /// - Throws: ``SearchFailure/invalidRepositoryName(_:)``, ``SearchFailure/authenticationRequired`` without a
  ///   token, or GitHub's refusal.
  @discardableResult
  func execute(fullName: String, starred: Bool) async throws(SearchFailure) -> String
}

/// Stars through the GitHub API, then forgets the cached details whose star count just changed.
public struct LiveStarRepositoryUseCase: StarRepositoryUseCase {
  private let api: GitHubAPI
  private let details: Store<RepositoryFullName, RepositoryDetailResponse>

  /// Creates the use case.
  public init(api: GitHubAPI, details: Store<RepositoryFullName, RepositoryDetailResponse>) {
    self.api = api
    self.details = details
  }

  /// Sends the star or unstar request.
  @discardableResult
  public func execute(fullName: String, starred: Bool) async throws(SearchFailure) -> String {
    guard let name = RepositoryFullName(argument: fullName) else { throw .invalidRepositoryName(fullName) }
    do {
      try await api.setStarred(starred, owner: name.owner, name: name.name)
    } catch {
      throw SearchFailure(error, repository: name.description)
    }
    try? await details.clear(name)
    return name.description
  }
}
