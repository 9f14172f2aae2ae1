import Foundation
import UseCase

/// One repository in full as the view shows it (`app search view`).
public struct RepositoryOverview: Sendable, Equatable {
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
  /// Watchers (people subscribed to its notifications).
  public var watchersCount: Int
  /// Forks.
  public var forksCount: Int
  /// Open issues and pull requests.
  public var openIssuesCount: Int
  /// Topics.
  public var topics: [String]
  /// The license's name, if any.
  public var licenseName: String?
  /// The license's SPDX identifier, if any.
  public var licenseSPDXID: String?
  /// The repository's page on GitHub.
  public var url: String
  /// When it last changed.
  public var updatedAt: Date
  /// Whether it is archived.
  public var isArchived: Bool
  /// `public`, `private` or `internal`.
  public var visibility: String
  /// Whether it was read from the local cache.
  public var isFromCache: Bool
  /// Whether it may be out of date.
  public var isStale: Bool
  /// How long ago GitHub gave it, in words.
  public var ageText: String

  /// The overview of a use case's outcome.
  public init(_ outcome: SearchOutcome<RepositoryDetail>) {
    let detail = outcome.content
    fullName = detail.fullName
    ownerLogin = detail.ownerLogin
    description = detail.description.nonEmpty
    language = detail.language.nonEmpty
    stargazersCount = detail.stargazersCount
    watchersCount = detail.watchersCount
    forksCount = detail.forksCount
    openIssuesCount = detail.openIssuesCount
    topics = detail.topics
    licenseName = detail.licenseName.nonEmpty
    licenseSPDXID = detail.licenseSPDXID.nonEmpty
    url = detail.url
    updatedAt = detail.updatedAt
    isArchived = detail.isArchived
    visibility = detail.visibility
    isFromCache = outcome.isFromCache
    isStale = outcome.isStale
    ageText = SearchText.age(seconds: outcome.age)
  }
}
