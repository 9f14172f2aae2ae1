import FeatureKit
import Foundation
import Presenter
import Repository
import SearchPresenter
import SearchUseCase
import UseCase

/// One repo's details in JSON, with `gh`'s field names; `watchersCount` is the real watcher count.
struct RepoDetailJSON: Encodable {
  /// The license, as `gh repo view --json licenseInfo` names its parts.
  struct License: Encodable {
    let name: String
    let spdxId: String?

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(name, forKey: .name)
      try container.encode(spdxId, forKey: .spdxId)
    }

    private enum CodingKeys: String, CodingKey { case name, spdxId }
  }

  let fullName: String
  let description: String?
  let language: String?
  let stargazersCount: Int
  let watchersCount: Int
  let forksCount: Int
  let openIssuesCount: Int
  let topics: [String]
  let license: License?
  let url: String
  let updatedAt: Date
  let owner: RepoJSON.Owner
  let isArchived: Bool
  let visibility: String
  let source: DataSource
  let stale: Bool
  /// Up to 3 courses that match the language or topics; `null` when they could not be looked up.
  let relatedCourses: RelatedJSON<RelatedCourseJSON>

  init(_ overview: RepoOverview) {
    fullName = overview.fullName
    description = overview.description
    language = overview.language
    stargazersCount = overview.stargazersCount
    watchersCount = overview.watchersCount
    forksCount = overview.forksCount
    openIssuesCount = overview.openIssuesCount
    topics = overview.topics
    license = overview.licenseName.map { License(name: $0, spdxId: overview.licenseSPDXID) }
    url = overview.url
    updatedAt = overview.updatedAt
    owner = RepoJSON.Owner(login: overview.ownerLogin)
    isArchived = overview.isArchived
    visibility = overview.visibility
    source = overview.provenance.source
    stale = overview.provenance.isStale
    relatedCourses = RelatedJSON(overview.relatedCourses, RelatedCourseJSON.init)
  }

  private enum CodingKeys: String, CodingKey {
    case fullName, description, language, stargazersCount, watchersCount, forksCount, openIssuesCount, topics
    case license, url, updatedAt, owner, isArchived, visibility, source, stale, relatedCourses
  }

  /// Encodes every field, missing ones as `null`, so the schema never changes shape.
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(fullName, forKey: .fullName)
    try container.encode(description, forKey: .description)
    try container.encode(language, forKey: .language)
    try container.encode(stargazersCount, forKey: .stargazersCount)
    try container.encode(watchersCount, forKey: .watchersCount)
    try container.encode(forksCount, forKey: .forksCount)
    try container.encode(openIssuesCount, forKey: .openIssuesCount)
    try container.encode(topics, forKey: .topics)
    try container.encode(license, forKey: .license)
    try container.encode(url, forKey: .url)
    try container.encode(updatedAt, forKey: .updatedAt)
    try container.encode(owner, forKey: .owner)
    try container.encode(isArchived, forKey: .isArchived)
    try container.encode(visibility, forKey: .visibility)
    try container.encode(source, forKey: .source)
    try container.encode(stale, forKey: .stale)
    try container.encode(relatedCourses, forKey: .relatedCourses)
  }
}

/// A course related to a repo in JSON output, with the Courses JSON's field names.
struct RelatedCourseJSON: Encodable {
  let id: String
  let title: String
  let categoryName: String
  let level: String

  init(_ course: RelatedCourse) {
    id = course.id
    title = course.title
    categoryName = course.categoryName
    level = course.level
  }
}
