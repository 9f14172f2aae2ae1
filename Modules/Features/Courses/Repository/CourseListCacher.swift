import Foundation
import Infrastructure
import Repository

/// The cacher of the Courses stores keyed by ``CourseListKey``: a list is kept under its own key, and a key never
/// stored is answered from the lists that cover it.
///
/// - `recent` and `recommended` at a limit are the first items of a list of their kind, covered as the kit's
///   ``/Repository/CoveringListCacher`` covers a shorter request with a longer list (its ``/Repository/CoveringList``).
/// - `ids` is served when every id is covered by the latest recent list, recommended list or list of several ids
///   (whose ids are covered even when the origin left them out: it does not know them, or they have no entry).
///
/// So `app courses --offline --recent-limit 2` shows the cached default screen's first two recent courses, and a
/// course seen on any cached screen can be stocked or shown offline. A derived answer is as old as the oldest list
/// it is taken from. The latest list of several ids is kept next to the covering lists, written only when such a
/// list is saved.
struct CourseListCacher<Item: Codable & Sendable>: Cacher {
  typealias Key = CourseListKey
  typealias Value = [Item]

  /// A list of several ids a screen asked for, and the items the origin answered for them.
  struct AskedIDs: Codable, Sendable {
    var ids: [String]
    var items: [Item]
  }

  private let lists: CoveringListCacher<CourseListKey, [Item]>
  private let askedIDs: SQLiteCacher<String, AskedIDs>
  private let itemID: @Sendable (Item) -> String

  /// A cacher under `namespace` (lists) and `namespace.covering` (covering lists and the latest list of several
  /// ids); `itemID` names an item's course.
  init(
    database: Database, namespace: String, origin: String, timeToLive: Duration,
    itemID: @escaping @Sendable (Item) -> String
  ) {
    lists = CoveringListCacher(
      database: database, namespace: namespace, origin: origin, timeToLive: timeToLive, keyString: \.description
    ) { key in
      switch key {
      case .recent(let limit): (Self.recent, limit)
      case .recommended(let limit): (Self.recommended, limit)
      case .ids: nil
      }
    }
    askedIDs = SQLiteCacher(database: database, namespace: namespace + ".covering", origin: origin)
    self.itemID = itemID
  }

  func load(_ key: CourseListKey) async throws -> CachedValue<[Item]>? {
    if let found = try await lists.load(key) { return found }
    guard case .ids(let ids) = key else { return nil }
    return try await derive(ids)
  }

  func save(_ entry: CachedValue<[Item]>, for key: CourseListKey) async throws {
    try await lists.save(entry, for: key)
    // One id is kept under its own key; the list of several ids covers the screens' batches.
    guard case .ids(let ids) = key, ids.count > 1 else { return }
    try await askedIDs.save(
      CachedValue(value: AskedIDs(ids: ids, items: entry.value), fetchedAt: entry.fetchedAt), for: Self.ids)
  }

  func clear(_ key: CourseListKey) async throws {
    try await lists.clear(key)
  }

  /// The items of `ids`, in their order, when the covering lists cover every one of them.
  private func derive(_ ids: [String]) async throws -> CachedValue<[Item]>? {
    var found: [String: Item?] = [:]
    var oldest: Date?
    for source in [Self.ids, Self.recent, Self.recommended] where found.count < Set(ids).count {
      guard let list = try await covering(source) else { continue }
      let (covered, items, fetchedAt) = list
      let byID = Dictionary(items.map { (itemID($0), $0) }, uniquingKeysWith: { first, _ in first })
      var used = false
      for id in ids where found[id] == nil && covered.contains(id) {
        found[id] = .some(byID[id])
        used = true
      }
      if used { oldest = min(oldest ?? fetchedAt, fetchedAt) }
    }
    guard let oldest, ids.allSatisfy({ found[$0] != nil }) else { return nil }
    var seen = Set<String>()
    let items = ids.compactMap { id in seen.insert(id).inserted ? found[id] ?? nil : nil }
    return CachedValue(value: items, fetchedAt: oldest)
  }

  /// The ids a covering list answers for, its items and when they were fetched: the latest list of several ids,
  /// or the covering list of recent or recommended courses.
  private func covering(_ source: String) async throws -> (Set<String>, [Item], Date)? {
    if source == Self.ids {
      return try await askedIDs.load(source).map { (Set($0.value.ids), $0.value.items, $0.fetchedAt) }
    }
    return try await lists.covering(source).map { (Set($0.value.items.map(itemID)), $0.value.items, $0.fetchedAt) }
  }

  private static var recent: String { "recent" }
  private static var recommended: String { "recommended" }
  private static var ids: String { "ids" }
}
