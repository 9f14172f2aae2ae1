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
    @KeepsNull var spdxId: String?
  }

  let fullName: String
  @KeepsNull var description: String?
  @KeepsNull var language: String?
  let stargazersCount: Int
  let watchersCount: Int
  let forksCount: Int
  let openIssuesCount: Int
  let topics: [String]
  @KeepsNull var license: License?
  let url: String
  let updatedAt: Date
  let owner: RepoJSON.Owner
  let isArchived: Bool
  let visibility: String
  let source: DataSource
  let stale: Bool
  /// Whether the token's user starred it (`gh`'s field), a star waiting for GitHub included; `null` without a
  /// token or when it could not be read.
  @KeepsNull var viewerHasStarred: Bool?
  /// Whether `viewerHasStarred` is a star or unstar made here that waits for GitHub (`app sync` sends it); `null`
  /// when `viewerHasStarred` is.
  @KeepsNull var starWaitsForGitHub: Bool?
  /// Why `viewerHasStarred` is `null` with a token: GitHub did not answer in time, or answered an error; `null`
  /// when it is known, without a token, and offline with nothing cached.
  @KeepsNull var viewerStarUnknown: String?
  /// Up to 3 courses that match the language or topics; `null` when they could not be looked up.
  let relatedCourses: RelatedJSON<RelatedCourseJSON>

  init(_ overview: Outcome<RepoDetail, SearchFailure>) {
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
    viewerHasStarred = overview.viewerStar?.starred
    starWaitsForGitHub = overview.viewerStar?.waitsForGitHub
    viewerStarUnknown = overview.starUnknown
    relatedCourses = RelatedJSON(overview.relatedCourses, RelatedCourseJSON.init)
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
