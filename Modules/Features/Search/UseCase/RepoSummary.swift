import Foundation

/// A repo found by a search, as the use cases hand it to presenters.
public struct RepoSummary: Sendable, Hashable {
  /// `owner/name`.
  public var fullName: String
  /// The owner's login.
  public var ownerLogin: String
  /// The description, if any.
  public var description: String?
  /// The main language, if any.
  public var language: String?
  /// Stars.
  public var stargazersCount: Int
  /// Forks.
  public var forksCount: Int
  /// Open issues and pull requests.
  public var openIssuesCount: Int
  /// GitHub's `watchers_count` (equal to the stars for search results).
  public var watchersCount: Int
  /// The repo's page on GitHub.
  public var url: String
  /// When it last changed.
  public var updatedAt: Date
  /// Whether it is archived.
  public var isArchived: Bool
  /// `public`, `private` or `internal`.
  public var visibility: String

  /// Creates a summary.
  public init(
    fullName: String, ownerLogin: String, description: String?, language: String?, stargazersCount: Int,
    forksCount: Int, openIssuesCount: Int, watchersCount: Int, url: String, updatedAt: Date, isArchived: Bool,
    visibility: String
  ) {
    self.fullName = fullName
    self.ownerLogin = ownerLogin
    self.description = description
    self.language = language
    self.stargazersCount = stargazersCount
    self.forksCount = forksCount
    self.openIssuesCount = openIssuesCount
    self.watchersCount = watchersCount
    self.url = url
    self.updatedAt = updatedAt
    self.isArchived = isArchived
    self.visibility = visibility
  }
}
