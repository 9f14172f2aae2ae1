import Foundation
import Presenter
import SearchUseCase
import UseCase

/// A search result as the view shows it: the rows, the counts, and where the rows came from.
///
/// The presentation model of a search, kept apart from GitHub's answer (`RepositoriesResponse`) and from the
/// use case's DTOs.
public struct Repositories: Sendable, Equatable {
  /// The search that produced these rows.
  public var request: RepositorySearchRequest
  /// The rows, best match first (or in the requested order).
  public var items: [RepositorySummary]
  /// How many repositories match in all.
  public var totalCount: Int
  /// Whether GitHub stopped searching before it finished.
  public var isIncomplete: Bool
  /// Whether the rows were read from the local cache.
  public var isFromCache: Bool
  /// Whether the rows may be out of date.
  public var isStale: Bool
  /// When GitHub gave the rows.
  public var fetchedAt: Date
  /// How long ago that was, in words: `12 minutes`.
  public var ageText: String

  /// Creates a result.
  public init(
    request: RepositorySearchRequest, items: [RepositorySummary], totalCount: Int, isIncomplete: Bool,
    isFromCache: Bool, isStale: Bool, fetchedAt: Date, ageText: String
  ) {
    self.request = request
    self.items = items
    self.totalCount = totalCount
    self.isIncomplete = isIncomplete
    self.isFromCache = isFromCache
    self.isStale = isStale
    self.fetchedAt = fetchedAt
    self.ageText = ageText
  }

  /// The result of a use case's outcome for `request`.
  public init(_ outcome: SearchOutcome<FoundRepositories>, request: RepositorySearchRequest) {
    self.init(
      request: request, items: outcome.content.items,
      totalCount: outcome.content.totalCount, isIncomplete: outcome.content.isIncomplete,
      isFromCache: outcome.isFromCache, isStale: outcome.isStale, fetchedAt: outcome.fetchedAt,
      ageText: SearchText.age(seconds: outcome.age))
  }
}
