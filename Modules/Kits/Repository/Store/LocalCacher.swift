import Foundation
import Infrastructure

/// A ``Cacher`` of the user's own data, kept in the database's `user_data` table: its origin is the database, so
/// a change written through the store waits for nothing, and neither the cache's limits nor `app cache clear`
/// touch it. A key with nothing kept reads as `absent` (an unmarked item, say), never as a miss, and writing
/// `absent` removes what the key kept.
public struct LocalCacher<Key: Sendable, Value: Codable & Sendable>: Cacher {
  private let table: UserDataTable
  private let namespace: String
  private let absent: Value
  private let keyString: @Sendable (Key) -> String
  private let clock: any AppClock

  /// Creates a cacher keeping under `namespace` the values of `Key`s, `absent` standing for a key with none, each
  /// dated by `clock`, the app's.
  public init(
    database: Database, namespace: String, absent: Value, clock: any AppClock,
    keyString: @escaping @Sendable (Key) -> String
  ) {
    table = UserDataTable(database: database)
    self.namespace = namespace
    self.absent = absent
    self.clock = clock
    self.keyString = keyString
  }

  /// The value kept for `key`, or `absent`; one this version cannot decode reads as `absent` too.
  public func load(_ key: Key) async throws -> CachedValue<Value>? {
    decoded(try await table.value(namespace: namespace, key: keyString(key)))
  }

  /// The values kept for `keys` (`absent` where none is), in their order, in one read.
  public func load(_ keys: [Key]) async throws -> [CachedValue<Value>?] {
    let texts = keys.map(keyString)
    let kept = try await table.values(namespace: namespace, keys: texts)
    return texts.map { decoded(kept[$0]) }
  }

  /// `kept` decoded, or `absent` when nothing is kept or this version cannot decode it.
  private func decoded(_ kept: (payload: Data, updatedAt: Date)?) -> CachedValue<Value> {
    guard let kept, let value = try? JSONDecoder().decode(Value.self, from: kept.payload) else {
      return CachedValue(value: absent, fetchedAt: .distantPast)
    }
    return CachedValue(value: value, fetchedAt: kept.updatedAt)
  }

  /// Keeps `entry`'s value for `key`.
  public func save(_ entry: CachedValue<Value>, for key: Key) async throws {
    _ = try await write(entry.value, for: key, at: entry.fetchedAt)
  }

  /// Keeps `value` for `key` (`absent`: removes what it kept); nothing waits. A read-only or full database throws,
  /// and nothing is written.
  public func write(_ value: Value, for key: Key, at date: Date) async throws -> Bool {
    let payload = try JSONEncoder().encode(value)
    let kept = payload == (try JSONEncoder().encode(absent)) ? nil : payload
    try await table.set(namespace: namespace, key: keyString(key), payload: kept, at: date)
    return false
  }

  /// Every key kept in the namespace with its value, in the keys' order, in one read; a value this version cannot
  /// decode is left out.
  public func all() async throws -> [(key: String, value: Value)] {
    try await table.all(namespace: namespace).compactMap { row in
      (try? JSONDecoder().decode(Value.self, from: row.payload)).map { (row.key, $0) }
    }
  }

  /// Forgets the value of `key`: it reads as `absent` again.
  public func clear(_ key: Key) async throws {
    try await table.set(namespace: namespace, key: keyString(key), payload: nil, at: clock.now())
  }
}

extension Store where Value: Codable {
  /// Every key a store of the user's own data (``local(database:namespace:absent:clock:)``) keeps under its
  /// namespace, as text, with its value, in the keys' order, in one read: what a list of all of them shows (every
  /// item the user marked). A store over another cacher keeps nothing of the user's, and lists nothing.
  ///
  /// - Throws: Why the database could not be read.
  public func all() async throws -> [(key: String, value: Value)] {
    try await (cacher as? LocalCacher<Key, Value>)?.all() ?? []
  }

  /// A store of the user's own data under `namespace` of `database` (``LocalCacher``): it never goes stale, a
  /// refresh reads the table again, and ``write(_:for:)`` is the way to change it.
  public static func local(
    database: Database, namespace: String, absent: Value, clock: any AppClock
  ) -> Store where Key: LosslessStringConvertible {
    let cacher = LocalCacher<Key, Value>(database: database, namespace: namespace, absent: absent, clock: clock) {
      $0.description
    }
    return Store(
      cacher: cacher,
      fetcher: ClosureFetcher { key, _ in FetchResult(try await cacher.load(key)?.value ?? absent) },
      freshness: .never, clock: clock)
  }

  /// The value of `key` the single source of truth holds now, without asking the origin; `nil` when it holds none.
  ///
  /// - Throws: Why the database could not be read.
  public func current(_ key: Key) async throws -> StoreResponse<Value>? {
    var last: LoadingState<Value>?
    for await state in stream(key, policy: .offline) { last = state }
    switch last {
    case .completed(let response)?: return response
    case .error(StoreError.notCached, _)?, nil: return nil
    case .error(let error, _)?: throw error
    case .loading?: return nil
    }
  }
}
