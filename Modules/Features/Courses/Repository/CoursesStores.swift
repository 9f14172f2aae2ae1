import DI
import Infrastructure
import Repository

/// The Courses stores: one per kind of data, each over the app database as its single source of truth.
///
/// Every read of a kind goes through its one store, whatever the cache policy, so what one command fetches is
/// what the next one reads offline.
public enum CoursesStores {
  /// The origin the cache files the Courses data under: `COURSES_API_URL`, or `demo` for the bundled catalog.
  static func origin(_ settings: Settings) throws -> String {
    try settings.value(of: CoursesSettings.apiURL)?.absoluteString ?? "demo"
  }

  /// Whether the Courses data comes from the bundled demo catalog: `COURSES_API_URL` is unset.
  public static func usesDemoCatalog(_ settings: Settings) throws -> Bool {
    try settings.value(of: CoursesSettings.apiURL) == nil
  }

  /// What every Courses store is built on, as `resolver` has it: the app database, the origin it files the data
  /// under, the API that fetches it, and the clock that dates it.
  private static func parts(
    _ resolver: Resolver
  ) throws -> (database: Database, origin: String, api: CoursesAPI, clock: any AppClock) {
    (try resolver.resolve(), try origin(resolver.resolve()), try resolver.resolve(), try resolver.resolve())
  }

  /// A store of a list the API answers whole (categories, rankings), whatever the key it is read under, cached in
  /// `namespace`, built on what `resolver` has.
  static func whole<Item: Codable & Sendable>(
    _ namespace: String, in resolver: Resolver, fetch: @escaping @Sendable (CoursesAPI) async throws -> [Item]
  ) throws -> Store<String, [Item]> {
    let (database, origin, api, clock) = try parts(resolver)
    return Store(
      cacher: SQLiteCacher(database: database, namespace: namespace, origin: origin),
      fetcher: ClosureFetcher { _, _ in FetchResult(try await fetch(api)) },
      freshness: .ttl(CoursesSettings.timeToLive), clock: clock)
  }

  /// A store of lists by ``CourseListKey`` whose items are cached one by one in `namespace`, known by `itemID`,
  /// built on what `resolver` has.
  static func lists<Item: Codable & Sendable>(
    _ namespace: String, in resolver: Resolver, itemID: @escaping @Sendable (Item) -> String,
    fetch: @escaping @Sendable (CoursesAPI, CourseListKey) async throws -> [Item]
  ) throws -> Store<CourseListKey, [Item]> {
    let (database, origin, api, clock) = try parts(resolver)
    return Store(
      cacher: CourseListCacher(
        database: database, namespace: namespace, origin: origin, timeToLive: CoursesSettings.timeToLive,
        itemID: itemID),
      fetcher: ClosureFetcher { key, _ in FetchResult(try await fetch(api, key)) },
      freshness: .ttl(CoursesSettings.timeToLive), clock: clock)
  }
}
