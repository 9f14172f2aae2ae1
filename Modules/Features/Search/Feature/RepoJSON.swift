import FeatureKit
import Foundation
import Presenter
import Repository
import SearchPresenter
import SearchUseCase
import UseCase

/// One repo in JSON, with `gh`'s field names.
struct RepoJSON: Encodable {
  /// `{"login": ...}`, as `gh` nests the owner.
  struct Owner: Encodable {
    let login: String
  }

  let fullName: String
  @KeepsNull var description: String?
  @KeepsNull var language: String?
  let stargazersCount: Int
  let forksCount: Int
  let openIssuesCount: Int
  let watchersCount: Int
  let url: String
  let updatedAt: Date
  let owner: Owner
  let isArchived: Bool
  let visibility: String

  init(_ item: RepoSummary) {
    fullName = item.fullName
    description = item.description
    language = item.language
    stargazersCount = item.stargazersCount
    forksCount = item.forksCount
    openIssuesCount = item.openIssuesCount
    watchersCount = item.watchersCount
    url = item.url
    updatedAt = item.updatedAt
    owner = Owner(login: item.ownerLogin)
    isArchived = item.isArchived
    visibility = item.visibility
  }
}

/// A search result in JSON: the list, the counts, and where they came from.
struct SearchResultsJSON: Encodable {
  let items: [RepoJSON]
  let totalCount: Int
  let incompleteResults: Bool
  let source: DataSource
  let stale: Bool

  init(_ list: Outcome<FoundRepos, SearchFailure>) {
    items = list.items.map(RepoJSON.init)
    totalCount = list.totalCount
    incompleteResults = list.isIncomplete
    source = list.provenance.source
    stale = list.provenance.isStale
  }
}
