import Infrastructure
import Repository

/// The Courses stores: one per kind of data, each over the app database as its single source of truth.
///
/// Every read of a kind goes through its one store, whatever the cache policy, so what one command fetches is
/// what the next one reads offline.
public enum CoursesStores {
  /// How long fetched Courses data counts as fresh.
  public static let timeToLive = Duration.seconds(15 * 60)
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

  static func categories(
    database: Database, origin: String, api: CoursesAPI, clock: any AppClock
  ) -> Store<String, [Category]> {
    Store(
      cacher: SQLiteCacher(database: database, namespace: "courses.categories", origin: origin),
      fetcher: ClosureFetcher { _, _ in FetchResult(try await api.categories()) },
      freshness: .ttl(timeToLive), clock: clock)
  }

  static func courseLists(
    database: Database, origin: String, api: CoursesAPI, clock: any AppClock
  ) -> Store<CourseListKey, [Course]> {
    Store(
      cacher: CourseListCacher(
        database: database, namespace: "courses.lists", origin: origin, timeToLive: timeToLive, itemID: { $0.id }),
      fetcher: ClosureFetcher { key, _ in
        switch key {
        case .recent(let limit): FetchResult(try await api.recentCourses(limit: limit))
        case .recommended(let limit): FetchResult(try await api.recommendedCourses(limit: limit))
        case .ids(let ids): FetchResult(try await api.courses(ids: ids))
        }
      },
      freshness: .ttl(timeToLive), clock: clock)
  }

  static func rankings(
    database: Database, origin: String, api: CoursesAPI, clock: any AppClock
  ) -> Store<String, [RankingContents]> {
    Store(
      cacher: SQLiteCacher(database: database, namespace: "courses.rankings", origin: origin),
      fetcher: ClosureFetcher { _, _ in FetchResult(try await api.rankings()) },
      freshness: .ttl(timeToLive), clock: clock)
  }

  static func userCourses(
    database: Database, origin: String, api: CoursesAPI, clock: any AppClock
  ) -> Store<CourseListKey, [UserCourse]> {
    Store(
      cacher: CourseListCacher(
        database: database, namespace: "courses.progress", origin: origin, timeToLive: timeToLive,
        itemID: { $0.courseId }),
      fetcher: ClosureFetcher { key, _ in
        guard case .ids(let ids) = key else { return FetchResult([]) }
        return FetchResult(try await api.userCourses(courseIds: ids))
      },
      freshness: .ttl(timeToLive), clock: clock)
  }
}
