import CoursesRepository
import Infrastructure
import Repository
import UseCase

/// What the Courses use cases read: one store per kind of Courses data, each the single source of truth of its
/// kind, the user's stocks included. Each read comes in the use cases' terms (typed failures, dated on the app's
/// clock) with the store's data as its content, for the use case to compose and map.
public struct CoursesData: Sendable {
  let categoryStore: Store<String, [CategoryResponse]>
  let courseListStore: Store<CourseListKey, [CourseResponse]>
  let rankingStore: Store<String, [RankingResponse]>
  let progressStore: Store<CourseListKey, [UserCourseResponse]>
  let stocks: Store<String, StockedCourseRecord?>
  let clock: any AppClock

  /// The key the lists that exist once (categories, rankings) are read and cached under: their stores fetch the
  /// list whole, whatever the key.
  static let allKey = "all"

  /// Groups the stores.
  init(
    categories: Store<String, [CategoryResponse]>,
    courseLists: Store<CourseListKey, [CourseResponse]>,
    rankings: Store<String, [RankingResponse]>, progress: Store<CourseListKey, [UserCourseResponse]>,
    stocks: Store<String, StockedCourseRecord?>, clock: any AppClock
  ) {
    categoryStore = categories
    courseListStore = courseLists
    rankingStore = rankings
    progressStore = progress
    self.stocks = stocks
    self.clock = clock
  }

  /// The categories, read as `policy` says; `courseID` names the course the read is for, if one: a cache miss is
  /// then ``CoursesFailure/courseNotCached(_:)``, and no cached copy shows after a failure about the course itself.
  func categories(
    policy: CachePolicy, for courseID: String? = nil
  ) -> Reading<ReadState<[CategoryResponse], CoursesFailure>> {
    categoryStore.stream(Self.allKey, policy: policy)
      .reading(on: clock, failure: Self.failure(about: courseID), keepsCache: Self.keepsCache)
  }

  /// The ranking sections, read as `policy` says.
  func rankings(policy: CachePolicy) -> Reading<ReadState<[RankingResponse], CoursesFailure>> {
    rankingStore.stream(Self.allKey, policy: policy)
      .reading(on: clock, failure: Self.failure(about: nil), keepsCache: Self.keepsCache)
  }

  /// A list of courses, read as `policy` says; `courseID` as for ``categories(policy:for:)``.
  func courses(
    _ key: CourseListKey, policy: CachePolicy, for courseID: String? = nil
  ) -> Reading<ReadState<[CourseResponse], CoursesFailure>> {
    courseListStore.stream(key, policy: policy)
      .reading(on: clock, failure: Self.failure(about: courseID), keepsCache: Self.keepsCache)
  }

  /// The user's progress on the courses `ids` (those started), read as `policy` says; `courseID` as for
  /// ``categories(policy:for:)``.
  func progress(
    ids: [String], policy: CachePolicy, for courseID: String? = nil
  ) -> Reading<ReadState<[UserCourseResponse], CoursesFailure>> {
    progressStore.stream(.ids(ids), policy: policy)
      .reading(on: clock, failure: Self.failure(about: courseID), keepsCache: Self.keepsCache)
  }

  /// Types a store's error; `courseID`, when the read is for one course, names it in a cache miss
  /// (``CoursesFailure/courseNotCached(_:)``).
  private static func failure(about courseID: String?) -> @Sendable (any Error) -> CoursesFailure {
    { CoursesFailure($0, courseID: courseID) }
  }

  /// Whether cached content still shows after `failure`: not when the course itself is the problem, whose cached
  /// copy is not shown either.
  private static func keepsCache(_ failure: CoursesFailure) -> Bool { !failure.concernsTheCourse }

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
