import CoursesRepository
import Repository
import UseCase

/// What the Courses use cases read: one store per kind of Courses data, each the single source of truth of its
/// kind, the user's stocks included.
public struct CoursesData: Sendable {
  let categoryStore: Store<String, [CategoryResponse]>
  let courseListStore: Store<CourseListKey, [CourseResponse]>
  let rankingStore: Store<String, [RankingResponse]>
  let progressStore: Store<CourseListKey, [UserCourseResponse]>
  let stocks: Store<String, StockedCourseRecord?>

  /// The key the lists that exist once (categories, rankings) are read and cached under: their stores fetch the
  /// list whole, whatever the key.
  static let allKey = "all"

  /// Groups the stores.
  init(
    categories: Store<String, [CategoryResponse]>,
    courseLists: Store<CourseListKey, [CourseResponse]>,
    rankings: Store<String, [RankingResponse]>, progress: Store<CourseListKey, [UserCourseResponse]>,
    stocks: Store<String, StockedCourseRecord?>
  ) {
    categoryStore = categories
    courseListStore = courseLists
    rankingStore = rankings
    progressStore = progress
    self.stocks = stocks
  }

  /// The categories, read as `policy` says.
  func categories(policy: CachePolicy) -> Reading<LoadingState<[CategoryResponse]>> {
    Reading(categoryStore.stream(Self.allKey, policy: policy))
  }

  /// The ranking sections, read as `policy` says.
  func rankings(policy: CachePolicy) -> Reading<LoadingState<[RankingResponse]>> {
    Reading(rankingStore.stream(Self.allKey, policy: policy))
  }

  /// A list of courses, read as `policy` says.
  func courses(_ key: CourseListKey, policy: CachePolicy) -> Reading<LoadingState<[CourseResponse]>> {
    Reading(courseListStore.stream(key, policy: policy))
  }

  /// The user's progress on the courses `ids` (those started), read as `policy` says.
  func progress(ids: [String], policy: CachePolicy) -> Reading<LoadingState<[UserCourseResponse]>> {
    Reading(progressStore.stream(.ids(ids), policy: policy))
  }

  /// The courses among `ids` the user stocked, as the store of stocks holds them now, in one read.
  func stockedIDs(among ids: [String]) async throws -> Set<String> {
    Self.stocked(try await stocks.current(keys: ids))
  }

  /// The courses among `ids` the user stocked, as the store of stocks holds them, in one read: at once, then again
  /// after every change of any of them, made here or, once the store reloads, in another process.
  func stocked(among ids: [String]) -> AsyncStream<Set<String>> {
    stocks.observe(keys: ids, as: Self.stocked)
  }

  /// The stocked courses of a snapshot of the store of stocks.
  private static func stocked(_ snapshot: [String: StoreResponse<StockedCourseRecord?>]) -> Set<String> {
    Set(snapshot.compactMap { id, stock in stock.value == nil ? nil : id })
  }
}
