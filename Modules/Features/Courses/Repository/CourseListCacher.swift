import Foundation
import Infrastructure
import Repository

/// The cacher of the Courses stores keyed by ``CourseListKey``: a list is kept under its own key, and a key never
/// stored is answered from the lists that cover it.
///
/// - `recent` and `recommended` at a limit are served from the longest list of their kind cached (its first
///   `limit` courses), or from any shorter one that held fewer courses than it asked for (it was the whole list).
/// - `ids` is served when every id is covered by the latest recent list, recommended list or list of several ids
///   (whose ids are covered even when the origin left them out: it does not know them, or they have no entry).
///
/// So `app courses --offline --recent-limit 2` shows the cached default screen's first two recent courses, and a
/// course seen on any cached screen can be stocked or shown offline. A derived answer is as old as the oldest list
/// it is taken from. The covering lists are kept next to the lists, one per kind, each written only when a list of
/// its kind is saved.
struct CourseListCacher<Item: Codable & Sendable>: Cacher {
  typealias Key = CourseListKey
  typealias Value = [Item]

  /// What a covering list holds: the limit it was asked with (lists), the ids it answers for, and its items.
  struct Covering: Codable, Sendable {
    var limit: Int?
    var ids: [String]
    var items: [Item]

    /// Whether it answers a list asked with `limit`: it was asked for at least as many, or was the whole list.
    func answers(limit asked: Int) -> Bool {
      guard let limit else { return false }
      return limit >= asked || items.count < limit
    }
  }

  private let lists: SQLiteCacher<CourseListKey, [Item]>
  private let coverings: SQLiteCacher<String, Covering>
  private let itemID: @Sendable (Item) -> String
  private let timeToLive: Duration

  /// A cacher under `namespace` (lists) and `namespace.covering` (covering lists); `itemID` names an item's course.
  init(
    database: Database, namespace: String, origin: String, timeToLive: Duration,
    itemID: @escaping @Sendable (Item) -> String
  ) {
    lists = SQLiteCacher(database: database, namespace: namespace, origin: origin, keyString: \.description)
    coverings = SQLiteCacher(database: database, namespace: namespace + ".covering", origin: origin)
    self.itemID = itemID
    self.timeToLive = timeToLive
  }

  func load(_ key: CourseListKey) async throws -> CachedValue<[Item]>? {
    if let exact = try await lists.load(key) { return exact }
    switch key {
    case .recent(let limit), .recommended(let limit):
      guard let covering = try await coverings.load(Self.coveringKey(key)), covering.value.answers(limit: limit)
      else { return nil }
      return CachedValue(value: Array(covering.value.items.prefix(limit)), fetchedAt: covering.fetchedAt)
    case .ids(let ids):
      return try await derive(ids)
    }
  }

  func save(_ entry: CachedValue<[Item]>, for key: CourseListKey) async throws {
    try await lists.save(entry, for: key)
    let coveringKey = Self.coveringKey(key)
    let covering: Covering
    switch key {
    case .recent(let limit), .recommended(let limit):
      // A shorter list replaces a longer one only once the longer one has gone stale.
      if let kept = try await coverings.load(coveringKey), let keptLimit = kept.value.limit, keptLimit > limit,
        entry.fetchedAt < kept.fetchedAt.addingTimeInterval(timeToLive.seconds)
      {
        return
      }
      covering = Covering(limit: limit, ids: entry.value.map(itemID), items: entry.value)
    case .ids(let ids):
      // One id is kept under its own key; covering lists are for the screens' batches.
      guard ids.count > 1 else { return }
      covering = Covering(limit: nil, ids: ids, items: entry.value)
    }
    try await coverings.save(CachedValue(value: covering, fetchedAt: entry.fetchedAt), for: coveringKey)
  }

  func clear(_ key: CourseListKey) async throws {
    try await lists.clear(key)
  }

  /// The items of `ids`, in their order, when covering lists cover every one of them.
  private func derive(_ ids: [String]) async throws -> CachedValue<[Item]>? {
    var found: [String: Item?] = [:]
    var oldest: Date?
    for coveringKey in ["ids", "recent", "recommended"] where found.count < Set(ids).count {
      guard let covering = try await coverings.load(coveringKey) else { continue }
      let covered = Set(covering.value.ids)
      let items = Dictionary(covering.value.items.map { (itemID($0), $0) }, uniquingKeysWith: { first, _ in first })
      var used = false
      for id in ids where found[id] == nil && covered.contains(id) {
        found[id] = .some(items[id])
        used = true
      }
      if used { oldest = min(oldest ?? covering.fetchedAt, covering.fetchedAt) }
    }
    guard let oldest, ids.allSatisfy({ found[$0] != nil }) else { return nil }
    var seen = Set<String>()
    let items = ids.compactMap { id in seen.insert(id).inserted ? found[id] ?? nil : nil }
    return CachedValue(value: items, fetchedAt: oldest)
  }

  private static func coveringKey(_ key: CourseListKey) -> String {
    switch key {
    case .recent: "recent"
    case .recommended: "recommended"
    case .ids: "ids"
    }
  }
}

extension Duration {
  /// The duration in seconds.
  fileprivate var seconds: TimeInterval {
    TimeInterval(components.seconds) + TimeInterval(components.attoseconds) / 1e18
  }
}
