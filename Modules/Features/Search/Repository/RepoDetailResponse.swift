import Foundation
import Repository

/// The body of `GET /repos/{owner}/{repo}`, as GitHub sends it: the fields a search item has (read through, as
/// `response.fullName`), and those only this answer has.
///
/// `subscribers_count` is the real number of watchers; `watchers_count` is the star count.
@dynamicMemberLookup
public struct RepoDetailResponse: Codable, Sendable, Equatable {
  /// The fields a search item has too.
  public var repo: RepoItemResponse
  /// How many users watch it.
  public var subscribersCount: Int
  /// Its topics; absent in some older answers.
  public var topics: [String]?
  /// Its license as GitHub detected it, if any.
  public var license: RepoLicenseResponse?

  /// Creates a detail answer.
  public init(repo: RepoItemResponse, subscribersCount: Int, topics: [String]?, license: RepoLicenseResponse?) {
    self.repo = repo
    self.subscribersCount = subscribersCount
    self.topics = topics
    self.license = license
  }

  /// A field the search item has.
  public subscript<Field>(dynamicMember field: KeyPath<RepoItemResponse, Field>) -> Field {
    repo[keyPath: field]
  }

  private enum CodingKeys: String, CodingKey {
    case subscribersCount, topics, license
  }

  /// Reads one object: the search item's fields and this answer's own.
  public init(from decoder: any Decoder) throws {
    repo = try RepoItemResponse(from: decoder)
    let container = try decoder.container(keyedBy: CodingKeys.self)
    subscribersCount = try container.decode(Int.self, forKey: .subscribersCount)
    topics = try container.decodeIfPresent([String].self, forKey: .topics)
    license = try container.decodeIfPresent(RepoLicenseResponse.self, forKey: .license)
  }

  /// Writes one object, as GitHub sends it.
  public func encode(to encoder: any Encoder) throws {
    try repo.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(subscribersCount, forKey: .subscribersCount)
    try container.encodeIfPresent(topics, forKey: .topics)
    try container.encodeIfPresent(license, forKey: .license)
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
