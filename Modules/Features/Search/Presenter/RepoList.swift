import Foundation
import Presenter
import SearchUseCase
import UseCase

/// A search result as the view shows it: the rows, the counts, and where the rows came from.
///
/// The presentation model of a search, kept apart from GitHub's answer (`ReposResponse`) and from the
/// use case's DTOs.
public struct RepoList: Sendable, Equatable {
  /// The search that produced these rows.
  public var request: RepoSearchRequest
  /// The rows, best match first (or in the requested order).
  public var items: [RepoSummary]
  /// How many repos match in all.
  public var totalCount: Int
  /// Whether GitHub stopped searching before it finished.
  public var isIncomplete: Bool
  /// Where the rows came from, when GitHub gave them, and whether they may be out of date.
  public var provenance: Provenance
  /// How long ago that was, in words: `12 minutes ago`.
  public var ageText: String
  /// When the use case answered, on the app's clock: what the rows' ages are measured at.
  public var answeredAt: Date

  /// Creates a result.
  public init(
    request: RepoSearchRequest, items: [RepoSummary], totalCount: Int, isIncomplete: Bool,
    provenance: Provenance, ageText: String, answeredAt: Date
  ) {
    self.request = request
    self.items = items
    self.totalCount = totalCount
    self.isIncomplete = isIncomplete
    self.provenance = provenance
    self.ageText = ageText
    self.answeredAt = answeredAt
  }

  /// The result of a use case's outcome for `request`.
  public init(_ outcome: Outcome<FoundRepos, SearchFailure>, request: RepoSearchRequest) {
    self.init(
      request: request, items: outcome.content.items,
      totalCount: outcome.content.totalCount, isIncomplete: outcome.content.isIncomplete,
      provenance: outcome.provenance, ageText: RelativeTime.ago(seconds: outcome.age),
      answeredAt: outcome.answeredAt)
  }
}
