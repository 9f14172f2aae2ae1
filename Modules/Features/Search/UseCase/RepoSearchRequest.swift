import Repository
import SearchRepository

/// A search as the user asked for it: the query and its options. (How to use the cache is the read's `policy`, as
/// for every read.)
public struct RepoSearchRequest: Sendable, Hashable {
  /// The query words joined with spaces; qualifiers such as `language:swift` pass through.
  public var query: String
  /// The sort; `nil` for GitHub's best match.
  public var sort: RepoSearchSort?
  /// The order; only meaningful with a sort.
  public var order: RepoSearchOrder?
  /// A language to restrict the search to.
  public var language: String?
  /// How many results to collect, 1 to 1,000.
  public var limit: Int

  /// The allowed limits, as GitHub can page to 1,000 results at most.
  public static let limits = 1...1000
  /// The limit when none is given.
  public static let defaultLimit = 30

  /// Creates a request.
  public init(
    query: String, sort: RepoSearchSort? = nil, order: RepoSearchOrder? = nil, language: String? = nil,
    limit: Int = RepoSearchRequest.defaultLimit
  ) {
    self.query = query
    self.sort = sort
    self.order = order
    self.language = language
    self.limit = limit
  }

  /// The store's key for this request.
  var key: RepoSearchKey {
    RepoSearchKey(
      query: query, sort: sort?.rawValue, order: order?.rawValue, language: language, limit: limit)
  }

  /// The text sent to GitHub as `q`: the query with its language qualifier; GitHub caps its length.
  public var searchText: String { key.searchText }
}

/// How GitHub sorts search results.
public enum RepoSearchSort: String, Sendable, Hashable, CaseIterable {
  /// By star count.
  case stars
  /// By fork count.
  case forks
  /// By the number of issues labelled "help wanted".
  case helpWantedIssues = "help-wanted-issues"
  /// By the time of the last update.
  case updated
}

/// The direction of a sort.
public enum RepoSearchOrder: String, Sendable, Hashable, CaseIterable {
  /// Ascending.
  case asc
  /// Descending (GitHub's default).
  case desc
}
