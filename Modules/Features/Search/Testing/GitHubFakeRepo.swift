import Foundation
import TestSupport

/// A repo a ``GitHubFakeServer`` knows, turned into the JSON GitHub documents for search items and for
/// `GET /repos/{owner}/{repo}`.
public struct GitHubFakeRepo: Sendable, Hashable {
  /// The owner's login.
  public var owner: String
  /// The repo's name.
  public var name: String
  /// The description, or `nil` (sent as `null`).
  public var description: String?
  /// The language, or `nil` (sent as `null`).
  public var language: String?
  /// `stargazers_count` (and `watchers_count`, as GitHub sends the star count twice).
  public var stars: Int
  /// `forks_count`.
  public var forks: Int
  /// `open_issues_count`.
  public var openIssues: Int
  /// `subscribers_count`, sent by `GET /repos/{owner}/{repo}` only.
  public var subscribers: Int
  /// `topics`.
  public var topics: [String]
  /// The license's SPDX id and name, or `nil` (sent as `null`).
  public var license: (spdxID: String, name: String)?
  /// `updated_at`, ISO 8601 in UTC.
  public var updatedAt: String
  /// `archived`.
  public var archived: Bool
  /// `visibility`.
  public var visibility: String

  /// Creates a repo.
  public init(
    owner: String, name: String, description: String? = nil, language: String? = nil, stars: Int = 0,
    forks: Int = 0, openIssues: Int = 0, subscribers: Int = 0, topics: [String] = [],
    license: (spdxID: String, name: String)? = nil, updatedAt: String = "2024-05-01T12:00:00Z",
    archived: Bool = false, visibility: String = "public"
  ) {
    self.owner = owner
    self.name = name
    self.description = description
    self.language = language
    self.stars = stars
    self.forks = forks
    self.openIssues = openIssues
    self.subscribers = subscribers
    self.topics = topics
    self.license = license
    self.updatedAt = updatedAt
    self.archived = archived
    self.visibility = visibility
  }

  /// `owner/name`.
  public var fullName: String { "\(owner)/\(name)" }

  /// The `n`th repo of a generated catalog: `owner<n % 7>/repo-<n>`, stars falling as `n` grows.
  public static func numbered(_ n: Int) -> GitHubFakeRepo {
    GitHubFakeRepo(
      owner: "owner\(n % 7)", name: "repo-\(n)", description: "Generated repository number \(n)",
      language: ["Swift", "Go", "Rust", nil][n % 4], stars: 100_000 - n, forks: 1000 + n, openIssues: n % 50,
      subscribers: 10 + n, topics: ["topic\(n % 3)"], license: n % 2 == 0 ? ("MIT", "MIT License") : nil)
  }

  /// `apple/sample-code`, a Swift repo with the topics `swiftui` and `ios`: courses of the demo catalog match it.
  public static let sampleCode = GitHubFakeRepo(
    owner: "apple", name: "sample-code", description: "Samples", language: "Swift", stars: 10, forks: 1,
    openIssues: 0, subscribers: 2, topics: ["swiftui", "ios"], license: nil)

  /// A search item object, as in GitHub's documented answer of `GET /search/repositories`.
  public func searchItemJSON(id: Int) -> [String: Any] {
    var object = coreJSON(id: id)
    object["score"] = 1.0
    return object
  }

  /// A full repo object, as in GitHub's documented answer of `GET /repos/{owner}/{repo}`.
  public func detailJSON(id: Int) -> [String: Any] {
    var object = coreJSON(id: id)
    object["subscribers_count"] = subscribers
    object["network_count"] = forks
    object["has_discussions"] = false
    object["temp_clone_token"] = NSNull()
    return object
  }

  /// ``description`` and ``language`` as JSON values: `null` when absent.
  private func nullable(_ value: String?) -> Any { value.map { $0 as Any } ?? NSNull() }

  private func coreJSON(id: Int) -> [String: Any] {
    let api = "https://api.github.com/repos/\(fullName)"
    let licenseJSON: Any =
      license.map { license -> Any in
        [
          "key": license.spdxID.lowercased(), "name": license.name, "spdx_id": license.spdxID,
          "url": "https://api.github.com/licenses/\(license.spdxID.lowercased())", "node_id": "MDc6TGljZW5zZTEz",
        ]
      } ?? NSNull()
    return [
      "id": id, "node_id": "MDEwOlJlcG9zaXRvcnkx\(id)", "name": name, "full_name": fullName,
      "owner": [
        "login": owner, "id": 1000 + id, "node_id": "MDQ6VXNlcjE=", "avatar_url": "https://github.com/images/\(owner)",
        "url": "https://api.github.com/users/\(owner)", "html_url": "https://github.com/\(owner)", "type": "User",
        "site_admin": false,
      ],
      "private": visibility != "public", "html_url": "https://github.com/\(fullName)",
      "description": nullable(description), "fork": false, "url": api,
      "created_at": "2015-01-01T00:00:00Z", "updated_at": updatedAt, "pushed_at": updatedAt,
      "homepage": NSNull(), "size": 1024, "stargazers_count": stars, "watchers_count": stars,
      "language": nullable(language), "forks_count": forks, "open_issues_count": openIssues,
      "default_branch": "main", "archived": archived, "disabled": false, "visibility": visibility,
      "license": licenseJSON, "topics": topics, "forks": forks, "open_issues": openIssues, "watchers": stars,
      "has_issues": true, "has_projects": true, "has_wiki": true, "has_pages": false,
    ]
  }

  /// Compares every field; the license by its parts.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.fullName == rhs.fullName && lhs.description == rhs.description && lhs.language == rhs.language
      && lhs.stars == rhs.stars && lhs.forks == rhs.forks && lhs.openIssues == rhs.openIssues
      && lhs.subscribers == rhs.subscribers && lhs.topics == rhs.topics && lhs.license?.spdxID == rhs.license?.spdxID
      && lhs.license?.name == rhs.license?.name && lhs.updatedAt == rhs.updatedAt && lhs.archived == rhs.archived
      && lhs.visibility == rhs.visibility
  }

  /// Hashes the full name.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(fullName)
  }
}
