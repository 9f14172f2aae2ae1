import DI
import Infrastructure
import Repository

/// The Courses stores: one per kind of data, each over the app database as its single source of truth.
///
/// Every read of a kind goes through its one store, whatever the cache policy, so what one command fetches is
/// what the next one reads offline.
public enum CoursesStores {
  /// The key of the lists that exist once (categories, rankings).
  public static let allKey = "all"

  /// The origin the cache files the Courses data under: `COURSES_API_URL`, or `demo` for the bundled catalog.
  static func origin(_ settings: Settings) throws -> String {
    try settings.value(of: CoursesSettings.apiURL)?.absoluteString ?? "demo"
  }

  /// Whether the Courses data comes from the bundled demo catalog: `COURSES_API_URL` is unset.
  public static func usesDemoCatalog(_ settings: Settings) throws -> Bool {
    try settings.value(of: CoursesSettings.apiURL) == nil
  }

  /// What every Courses store is built on: the app database, the origin it files the data under, the API that
  /// fetches it, and the clock that dates it.
  struct Parts {
    let database: Database
    let origin: String
    let api: CoursesAPI
    let clock: any AppClock

    /// The parts as `resolver` has them.
    init(_ resolver: Resolver) throws {
      database = try resolver.resolve()
      origin = try CoursesStores.origin(resolver.resolve())
      api = try resolver.resolve()
      clock = try resolver.resolve()
    }

    /// A store of a list the API answers whole, under ``CoursesStores/allKey`` (categories, rankings), cached in
    /// `namespace`.
    func whole<Item: Codable & Sendable>(
      _ namespace: String, fetch: @escaping @Sendable (CoursesAPI) async throws -> [Item]
    ) -> Store<String, [Item]> {
      Store(
        cacher: SQLiteCacher(database: database, namespace: namespace, origin: origin),
        fetcher: ClosureFetcher { [api] _, _ in FetchResult(try await fetch(api)) },
        freshness: .ttl(CoursesSettings.timeToLive), clock: clock)
    }

    /// A store of lists by ``CourseListKey`` whose items are cached one by one in `namespace`, known by `itemID`.
    func lists<Item: Codable & Sendable>(
      _ namespace: String, itemID: @escaping @Sendable (Item) -> String,
      fetch: @escaping @Sendable (CoursesAPI, CourseListKey) async throws -> [Item]
    ) -> Store<CourseListKey, [Item]> {
      Store(
        cacher: CourseListCacher(
          database: database, namespace: namespace, origin: origin, timeToLive: CoursesSettings.timeToLive,
          itemID: itemID),
        fetcher: ClosureFetcher { [api] key, _ in FetchResult(try await fetch(api, key)) },
        freshness: .ttl(CoursesSettings.timeToLive), clock: clock)
    }
  }
}
