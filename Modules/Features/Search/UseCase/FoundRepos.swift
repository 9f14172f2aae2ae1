/// The repos a search found, with GitHub's count of all matches and the search they answer.
public struct FoundRepos: Sendable, Hashable {
  /// The search that found them.
  public var request: RepoSearchRequest
  /// The repos collected, at most the request's limit.
  public var items: [RepoSummary]
  /// How many repos match in all.
  public var totalCount: Int
  /// Whether GitHub stopped searching before it finished, so matches may be missing.
  public var isIncomplete: Bool
  /// What the store of stars holds for the repos found, when the search follows it (a screen); empty otherwise.
  public var stars = ViewerStars()

  /// Creates a result.
  public init(request: RepoSearchRequest, items: [RepoSummary], totalCount: Int, isIncomplete: Bool) {
    self.request = request
    self.items = items
    self.totalCount = totalCount
    self.isIncomplete = isIncomplete
  }
}
