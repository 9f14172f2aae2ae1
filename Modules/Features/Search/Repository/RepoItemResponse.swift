import Foundation
import Repository

/// One repo of a search answer, as GitHub sends it.
///
/// Search items have no `subscribers_count`; their `watchers_count` is the star count (a GitHub quirk).
public struct RepoItemResponse: Codable, Sendable, Equatable {
  /// `owner/name`.
  public var fullName: String
  /// The owner (user or organisation).
  public var owner: RepoOwnerResponse
  /// The repo's page on GitHub.
  public var htmlUrl: String
  /// The owner's one-line description, if any.
  public var description: String?
  /// The main language GitHub detected, if any.
  public var language: String?
  /// How many users starred it.
  public var stargazersCount: Int
  /// How many forks it has.
  public var forksCount: Int
  /// How many issues and pull requests are open.
  public var openIssuesCount: Int
  /// The star count again (GitHub's legacy `watchers_count`).
  public var watchersCount: Int
  /// When it last changed.
  public var updatedAt: Date
  /// Whether it is archived (read-only); absent in some older answers.
  public var archived: Bool?
  /// `public`, `private` or `internal`; absent in some older answers.
  public var visibility: String?

  /// Creates an item.
  public init(
    fullName: String, owner: RepoOwnerResponse, htmlUrl: String, description: String?, language: String?,
    stargazersCount: Int, forksCount: Int, openIssuesCount: Int, watchersCount: Int, updatedAt: Date,
    archived: Bool? = nil, visibility: String? = nil
  ) {
    self.fullName = fullName
    self.owner = owner
    self.htmlUrl = htmlUrl
    self.description = description
    self.language = language
    self.stargazersCount = stargazersCount
    self.forksCount = forksCount
    self.openIssuesCount = openIssuesCount
    self.watchersCount = watchersCount
    self.updatedAt = updatedAt
    self.archived = archived
    self.visibility = visibility
  }
}

/// The owner of a repo, as GitHub sends it.
public struct RepoOwnerResponse: Codable, Sendable, Equatable {
  /// The user's or organisation's login.
  public var login: String

  /// Creates an owner.
  public init(login: String) {
    self.login = login
  }
}
