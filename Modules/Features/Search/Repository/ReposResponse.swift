import Repository

/// The body of `GET /search/repositories`, as GitHub sends it (snake_case keys).
///
/// An API model: it mirrors GitHub's JSON and nothing else. The use cases turn it into their own DTOs, and the
/// presenters into presentation models, so a change in GitHub's answer stops here.
public struct ReposResponse: Codable, Sendable, Equatable {
  /// How many repos match the query in all (only the first 1,000 can be paged to).
  public var totalCount: Int
  /// Whether GitHub stopped the search before it finished, so matches may be missing.
  public var incompleteResults: Bool
  /// The repos of this page, best match first (or in the requested sort order).
  public var items: [RepoItemResponse]

  /// Creates a response.
  public init(totalCount: Int, incompleteResults: Bool, items: [RepoItemResponse]) {
    self.totalCount = totalCount
    self.incompleteResults = incompleteResults
    self.items = items
  }
}
