import Foundation
import Repository

/// The body of `GET /repos/{owner}/{repo}`, as GitHub sends it.
///
/// `subscribers_count` is the real number of watchers; `watchers_count` is the star count.
public struct RepoDetailResponse: Codable, Sendable, Equatable {
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
  /// How many users watch it.
  public var subscribersCount: Int
  /// How many forks it has.
  public var forksCount: Int
  /// How many issues and pull requests are open.
  public var openIssuesCount: Int
  /// Its topics; absent in some older answers.
  public var topics: [String]?
  /// Its license as GitHub detected it, if any.
  public var license: RepoLicenseResponse?
  /// When it last changed.
  public var updatedAt: Date
  /// Whether it is archived (read-only); absent in some older answers.
  public var archived: Bool?
  /// `public`, `private` or `internal`; absent in some older answers.
  public var visibility: String?

  /// Creates a detail answer.
  public init(
    fullName: String, owner: RepoOwnerResponse, htmlUrl: String, description: String?, language: String?,
    stargazersCount: Int, subscribersCount: Int, forksCount: Int, openIssuesCount: Int, topics: [String]?,
    license: RepoLicenseResponse?, updatedAt: Date, archived: Bool? = nil, visibility: String? = nil
  ) {
    self.fullName = fullName
    self.owner = owner
    self.htmlUrl = htmlUrl
    self.description = description
    self.language = language
    self.stargazersCount = stargazersCount
    self.subscribersCount = subscribersCount
    self.forksCount = forksCount
    self.openIssuesCount = openIssuesCount
    self.topics = topics
    self.license = license
    self.updatedAt = updatedAt
    self.archived = archived
    self.visibility = visibility
  }
}

/// A repo's license, as GitHub sends it.
public struct RepoLicenseResponse: Codable, Sendable, Equatable {
  /// GitHub's key, e.g. `mit`.
  public var key: String?
  /// The license's name, e.g. `MIT License`.
  public var name: String
  /// The SPDX identifier, e.g. `MIT`; `NOASSERTION` when GitHub could not tell.
  public var spdxId: String?

  /// Creates a license.
  public init(key: String?, name: String, spdxId: String?) {
    self.key = key
    self.name = name
    self.spdxId = spdxId
  }
}
