import Foundation
import UseCase

/// One row of a search result as the view shows it: the fields of the table and of the JSON output.
public struct RepositoryListItem: Sendable, Hashable {
  /// `owner/name`.
  public var fullName: String
  /// The owner's login.
  public var ownerLogin: String
  /// The description; `nil` when there is none.
  public var description: String?
  /// The main language; `nil` when GitHub detected none.
  public var language: String?
  /// Stars.
  public var stargazersCount: Int
  /// Forks.
  public var forksCount: Int
  /// Open issues and pull requests.
  public var openIssuesCount: Int
  /// GitHub's `watchers_count`, as `gh search repos` reports it.
  public var watchersCount: Int
  /// The repository's page on GitHub.
  public var url: String
  /// When it last changed.
  public var updatedAt: Date
  /// Whether it is archived.
  public var isArchived: Bool
  /// `public`, `private` or `internal`.
  public var visibility: String

  /// Creates a row.
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

  /// The row for a found repository; empty descriptions and languages become `nil`.
  public init(_ summary: RepositorySummary) {
    self.init(
      fullName: summary.fullName, ownerLogin: summary.ownerLogin, description: summary.description.nonEmpty,
      language: summary.language.nonEmpty, stargazersCount: summary.stargazersCount,
      forksCount: summary.forksCount, openIssuesCount: summary.openIssuesCount,
      watchersCount: summary.watchersCount, url: summary.url, updatedAt: summary.updatedAt,
      isArchived: summary.isArchived, visibility: summary.visibility)
  }
}

extension Optional where Wrapped == String {
  /// The text, or `nil` when it is missing or only whitespace.
  var nonEmpty: String? {
    guard let self, !self.allSatisfy(\.isWhitespace) else { return nil }
    return self
  }
}
