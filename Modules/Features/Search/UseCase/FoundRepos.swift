/// The repos a search found, with GitHub's count of all matches.
public struct FoundRepos: Sendable, Hashable {
  /// The repos collected, at most the request's limit.
  public var items: [RepoSummary]
  /// How many repos match in all.
  public var totalCount: Int
  /// Whether GitHub stopped searching before it finished, so matches may be missing.
  public var isIncomplete: Bool

  /// Creates a result.
  public init(items: [RepoSummary], totalCount: Int, isIncomplete: Bool) {
    self.items = items
    self.totalCount = totalCount
    self.isIncomplete = isIncomplete
  }
}
