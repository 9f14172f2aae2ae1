import CoursesRepository
import Foundation
import Repository
import UseCase

/// Builds the Courses home screen: categories, recent, recommended and rankings, with progress and stock flags.
///
/// The cache policy says where every part is read from. Composition takes exactly two sequential round trips, with
/// everything that does not need an earlier answer sent at once:
/// 1. categories, recent courses, recommended courses and rankings;
/// 2. progress for every shown course, and the courses the rankings name.
///
/// While the origin is asked, the screen as the cache holds it is answered once (its second round read from the
/// cache alone). When the first round fails, the second is read from the cache alone too: the origin has just
/// failed, and the screen keeps what the cache holds.
public struct GetMainUseCase: Sendable {
  /// How many recent courses the home screen shows unless told otherwise; reads of the same lists elsewhere use the
  /// same number, so the home screen's cache answers them.
  public static let recentLimit = 5
  /// How many recommended courses it shows unless told otherwise, likewise.
  public static let recommendedLimit = 10

  /// The first round's parts: (categories, rankings) and (recent, recommended).
  typealias FirstRound = (
    ([CategoryResponse], [RankingResponse]), ([CourseResponse], [CourseResponse])
  )

  private let data: CoursesData

  /// Creates the use case on the Courses stores, whose reads date its answers on the app's clock.
  init(data: CoursesData) {
    self.data = data
  }

  /// The states of one read of the home screen as `policy` says: the screen as cached while the origin is asked, then
  /// the origin's, or the cached screen kept with the failure as its ``/UseCase/Outcome/refreshFailure``, or the
  /// failure (``CoursesFailure/notCached`` when reading the cache only and it does not hold the screen). The screen is
  /// dated by its oldest part. `following` (a screen) goes on after that, with the screen again each time the store of
  /// stocks holds its courses another way (``/UseCase/Reading/following(_:in:marking:)``), until the read is left.
  public func read(
    recentLimit: Int, recommendedLimit: Int, policy: CachePolicy, following: Bool = false
  ) -> Reading<ReadState<MainDto, CoursesFailure>> {
    let firstRound = Reading.combining(
      Reading.combining(data.categories(policy: policy), data.rankings(policy: policy)),
      Reading.combining(
        data.courses(.recent(limit: recentLimit), policy: policy),
        data.courses(.recommended(limit: recommendedLimit), policy: policy)))
    let read = Reading<ReadState<MainDto, CoursesFailure>>.producing { [self] yield in
      var shownCached = false
      for await first in firstRound {
        if case .loading(let cached) = first {
          // The cached screen once, however many parts are still on their way.
          guard !shownCached else { continue }
          shownCached = true
          var cachedScreen: Outcome<MainDto, CoursesFailure>?
          if let cached {
            cachedScreen = await complete(.done(cached), policy: .offline).outcome
          }
          yield(.loading(cachedScreen))
        } else {
          // A first round the origin failed (nothing to show, or kept from the cache) reads its second from the cache.
          let failed = if case .done(let outcome) = first { outcome.refreshFailure != nil } else { true }
          yield(await complete(first, policy: failed ? .offline : policy))
        }
      }
    }
    guard following else { return read }
    return read.following(\.courseIDs, in: data.stocked(among:)) { main, stocked in main = main.marking(stocked) }
  }

  /// The screen of a settled first round: its second round read as `policy` says, and the shown courses' stock
  /// flags beside it, in one read of the store of stocks.
  private func complete(
    _ first: ReadState<FirstRound, CoursesFailure>, policy: CachePolicy
  ) async -> ReadState<MainDto, CoursesFailure> {
    // Without content there is nothing to compose: only the failure is answered.
    guard let shown = first.outcome?.content else { return first.map { _ in Self.empty } }
    let ((_, rankings), (recent, recommended)) = shown
    let rankingIDs = Self.unique(rankings.flatMap(\.courseIds))
    let shownIDs = Self.unique(recent.map(\.id) + recommended.map(\.id) + rankingIDs)
    let secondRound = Reading.combining(
      data.courses(.ids(rankingIDs), policy: policy), data.progress(ids: shownIDs, policy: policy))
    async let stocked = data.stockedIDs(among: shownIDs)
    guard let second = await secondRound.last() else { return .failed(CoursesFailure(CancellationError())) }
    let stockedIDs: Set<String>
    do {
      stockedIDs = try await stocked
    } catch {
      return .failed(CoursesFailure(error))
    }
    return ReadState.both(first, second).map { parts in
      let (((categories, rankings), (recent, recommended)), (rankedCourses, progress)) = parts
      let dto = CourseDto.composing(categories: categories, progress: progress, stocked: stockedIDs)
      let coursesByID = Dictionary(rankedCourses.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
      return MainDto(
        categories: categories.map(Category.init),
        recentCourses: recent.map(dto),
        recommendedCourses: recommended.map(dto),
        rankings: rankings.map { ranking in
          RankingDto(
            label: ranking.label, labelId: ranking.labelId,
            courses: ranking.courseIds.compactMap { coursesByID[$0] }.map(dto))
        })
    }
  }

  /// The content mapped from a state that has none, so never shown.
  static let empty = MainDto(categories: [], recentCourses: [], recommendedCourses: [], rankings: [])

  /// `ids` without repeats, in first-seen order.
  static func unique(_ ids: [String]) -> [String] {
    var seen = Set<String>()
    return ids.filter { seen.insert($0).inserted }
  }
}

extension CourseDto {
  /// What turns a course into its DTO, with its category's name, its progress and its stock flag from these.
  static func composing(
    categories: [CategoryResponse], progress: [UserCourseResponse], stocked: Set<String>
  ) -> @Sendable (CourseResponse) -> CourseDto {
    let names = Dictionary(categories.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
    let progress = Dictionary(progress.map { ($0.courseId, $0.progress) }, uniquingKeysWith: { first, _ in first })
    return { course in
      CourseDto(
        course: Course(course), categoryName: names[course.categoryId] ?? course.categoryId,
        stocked: stocked.contains(course.id), progress: min(max(progress[course.id] ?? 0, 0), 1))
    }
  }
}

extension MainDto {
  /// The home with `stocked` marking its courses.
  func marking(_ stocked: Set<String>) -> MainDto {
    func mark(_ course: CourseDto) -> CourseDto {
      var course = course
      course.stocked = stocked.contains(course.course.id)
      return course
    }
    var main = self
    main.recentCourses = recentCourses.map(mark)
    main.recommendedCourses = recommendedCourses.map(mark)
    main.rankings = rankings.map { ranking in
      var ranking = ranking
      ranking.courses = ranking.courses.map(mark)
      return ranking
    }
    return main
  }

  /// The ids of every course the home shows, without repeats.
  var courseIDs: [String] {
    GetMainUseCase.unique((recentCourses + recommendedCourses + rankings.flatMap(\.courses)).map(\.course.id))
  }

  /// Whether the home shows course `id` as stocked.
  public func isStocked(_ id: String) -> Bool {
    let stocked = { (course: CourseDto) in course.course.id == id && course.stocked }
    return recentCourses.contains(where: stocked) || recommendedCourses.contains(where: stocked)
      || rankings.contains { $0.courses.contains(where: stocked) }
  }
}
