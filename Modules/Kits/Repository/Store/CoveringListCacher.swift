import Foundation
import Infrastructure

/// A ``Cacher`` of lists asked for with a limit, which answers a request never stored from a longer list of the
/// same kind that covers it.
///
/// Every list is kept under its own key, as an ``SQLiteCacher`` keeps it. A key that asks for the first items of a
/// list (the list's name, the same for every limit, and the limit) also keeps its answer as that list's
/// ``CoveringList``, and a key with nothing of its own is answered with the first items of the covering list when it
/// covers the request (``CoveringList/answers(limit:)``). So after a list of 30, a request for 5 of the same list is
/// answered from the cache, also offline; a derived answer is as old as the covering list.
///
/// The covering list of a name is the latest list saved, except that one which answers fewer requests replaces the
/// kept one only once the kept one has gone stale (its time to live has passed since it was fetched): a shorter
/// request does not take away what a longer one cached.
public struct CoveringListCacher<Key: Sendable, List: RangeReplaceableCollection & Codable & Sendable>: Cacher {
  private let lists: SQLiteCacher<Key, List>
  private let coverings: SQLiteCacher<String, CoveringList<List>>
  private let prefix: @Sendable (Key) -> (list: String, limit: Int)?
  private let timeToLive: TimeInterval

  /// A cacher under `namespace` (the lists, by `keyString`) and `namespace.covering` (the covering lists, by name)
  /// for `origin`; `prefix` names the list a key asks the first items of and how many, `nil` for a key only its own
  /// entry answers. A kept covering list is fresh for `timeToLive` after it was fetched.
  public init(
    database: Database, namespace: String, origin: String, timeToLive: Duration,
    keyString: @escaping @Sendable (Key) -> String, prefix: @escaping @Sendable (Key) -> (list: String, limit: Int)?
  ) {
    lists = SQLiteCacher(database: database, namespace: namespace, origin: origin, keyString: keyString)
    coverings = SQLiteCacher(database: database, namespace: namespace + ".covering", origin: origin)
    self.prefix = prefix
    self.timeToLive = timeToLive.timeInterval
  }

  /// The list kept for `key`, else the first items of the covering list of its name, when that covers it.
  public func load(_ key: Key) async throws -> CachedValue<List>? {
    if let exact = try await lists.load(key) { return exact }
    guard let prefix = prefix(key), let covering = try await coverings.load(prefix.list),
      covering.value.answers(limit: prefix.limit)
    else { return nil }
    return CachedValue(value: covering.value.first(prefix.limit), fetchedAt: covering.fetchedAt)
  }

  /// Keeps `entry` for `key`, and as the covering list of its name unless the kept one answers more and is still
  /// fresh. A next page key in `entry` says the origin has more.
  public func save(_ entry: CachedValue<List>, for key: Key) async throws {
    try await lists.save(entry, for: key)
    guard let prefix = prefix(key) else { return }
    let covering = CoveringList(limit: prefix.limit, items: entry.value, hasMore: entry.nextPageKey != nil)
    if let kept = try await coverings.load(prefix.list), kept.value.answersMore(than: covering),
      entry.fetchedAt < kept.fetchedAt.addingTimeInterval(timeToLive)
    {
      return
    }
    try await coverings.save(CachedValue(value: covering, fetchedAt: entry.fetchedAt), for: prefix.list)
  }

  /// Forgets the list kept for `key` (the covering lists stay).
  public func clear(_ key: Key) async throws {
    try await lists.clear(key)
  }

  /// The covering list kept under the name `list`, for a cacher that derives more answers from it.
  public func covering(_ list: String) async throws -> CachedValue<CoveringList<List>>? {
    try await coverings.load(list)
  }
}
