import Foundation
import Infrastructure
import Repository

/// The cacher of searches: each search is kept under its own key, and a search never stored is answered from the
/// longest list cached for the same query, sort, order and language, when that list covers it.
///
/// A list covers a smaller `limit` when it holds at least that many results, or when it is the whole result list
/// (GitHub had no page after it, and it holds fewer than it asked for). So `app search swift --limit 5 --offline`
/// shows the first 5 results of a cached `app search swift`. The covering lists are kept next to the searches,
/// one per query, sort, order and language; a shorter list replaces a longer one only once the longer one has
/// gone stale.
public struct RepoSearchCacher: Cacher {
  /// A covering list: the limit it was asked with, its results, and whether GitHub had more after them.
  struct Covering: Codable, Sendable {
    var limit: Int
    var results: RepoSearchResults
    var hasNextPage: Bool

    /// Whether it answers a search asked with `limit`: it holds that many, or it is the whole result list.
    func answers(limit asked: Int) -> Bool {
      results.count >= asked || (!hasNextPage && results.count < limit)
    }
  }

  private let searches: SQLiteCacher<RepoSearchKey, RepoSearchResults>
  private let coverings: SQLiteCacher<RepoSearchKey, Covering>
  private let timeToLive: Duration

  /// A cacher under `namespace` (searches) and `namespace.covering` (covering lists) for `origin`.
  public init(database: Database, namespace: String, origin: String, timeToLive: Duration) {
    searches = SQLiteCacher(database: database, namespace: namespace, origin: origin) { $0.cacheKey }
    coverings = SQLiteCacher(database: database, namespace: namespace + ".covering", origin: origin) {
      Self.coveringKey($0).cacheKey
    }
    self.timeToLive = timeToLive
  }

  /// The search kept for `key`, else the first `key.limit` results of a list that covers it.
  public func load(_ key: RepoSearchKey) async throws -> CachedValue<RepoSearchResults>? {
    if let exact = try await searches.load(key) { return exact }
    guard let covering = try await coverings.load(key), covering.value.answers(limit: key.limit) else { return nil }
    var results = covering.value.results
    results.items = Array(results.items.prefix(key.limit))
    return CachedValue(value: results, fetchedAt: covering.fetchedAt)
  }

  /// Keeps `entry` for `key`, and as the covering list of its query unless a longer one is still fresh.
  public func save(_ entry: CachedValue<RepoSearchResults>, for key: RepoSearchKey) async throws {
    try await searches.save(entry, for: key)
    if let kept = try await coverings.load(key), kept.value.results.count > entry.value.count,
      entry.fetchedAt < kept.fetchedAt.addingTimeInterval(Double(timeToLive.components.seconds))
    {
      return
    }
    let covering = Covering(limit: key.limit, results: entry.value, hasNextPage: entry.nextPageKey != nil)
    try await coverings.save(CachedValue(value: covering, fetchedAt: entry.fetchedAt), for: key)
  }

  /// Forgets the search kept for `key`.
  public func clear(_ key: RepoSearchKey) async throws {
    try await searches.clear(key)
  }

  /// The key a query's covering list is kept under: the search's, without its limit.
  static func coveringKey(_ key: RepoSearchKey) -> RepoSearchKey {
    RepoSearchKey(query: key.query, sort: key.sort, order: key.order, language: key.language, limit: 0)
  }
}
