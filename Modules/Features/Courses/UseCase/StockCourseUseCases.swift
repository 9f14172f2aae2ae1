import CoursesRepository
import Foundation
import Infrastructure
import Repository
import Synchronization
import UseCase

/// The store of stocks: per course id, the stocked course or `nil`. Its origin is the app database, so a change
/// written through it waits for nothing, and every read of the course that stays open sees it at once.
typealias StockStore = Store<String, StockedCourseRecord?>

extension StockStore {
  /// Whether `courseId` is stocked now, as the app database says.
  func stocked(_ courseId: String) async throws(CoursesFailure) -> StockedCourseRecord? {
    do {
      return try await current(courseId)?.value ?? nil
    } catch {
      throw CoursesFailure(error)
    }
  }

  /// Makes `stocked` the stock of `courseId` (`nil`: not stocked) through the store's write path.
  func set(_ stocked: StockedCourseRecord?, for courseId: String) async throws(CoursesFailure) {
    do {
      try await write(stocked, for: courseId)
    } catch {
      throw CoursesFailure(error)
    }
  }
}

/// Stocks and unstocks courses, and lists the stocked ones: the user's own data, in the store of stocks. Stocking
/// checks that the catalog has the course; stocking twice changes nothing.
public struct StockCourseUseCase: Sendable {
  private let courses: Store<CourseListKey, [CourseResponse]>
  private let stocked: StockStore
  private let clock: any AppClock

  /// Creates the use case; `courses` is the store that checks the id, `stocked` the store of stocks.
  init(
    courses: Store<CourseListKey, [CourseResponse]>, stocked: StockStore, clock: any AppClock
  ) {
    self.courses = courses
    self.stocked = stocked
    self.clock = clock
  }

  /// Stocks `id` after checking it as `policy` says (`.offline`: against the cached lists only); answers the
  /// course, when it was stocked and whether this stocked it, with the provenance of the catalog list that vouched
  /// for it.
  ///
  /// A bookmark is local data: when the origin cannot be asked (down, failing), a course the cache knows is
  /// stocked all the same, and the outcome's `refreshFailure` says why the cached list answered; the origin's
  /// failure is thrown only when the cache does not know the course.
  ///
  /// - Throws: ``CoursesFailure/courseNotFound(_:)`` when the catalog has no such course,
  ///   ``CoursesFailure/courseNotCached(_:)`` when checking the cache only and no cached list holds it, or why the
  ///   origin or the database failed.
  public func stock(
    id: String, policy: CachePolicy = .standard
  ) async throws(CoursesFailure) -> Outcome<StockChange, CoursesFailure> {
    let found = try await listed(id: id, policy: policy)
    let course = found.content
    // Decided in one step of the course's key: a course stocked before keeps when it was.
    let stock = StockedCourseRecord(courseId: course.id, title: course.title, stockedAt: clock.now())
    let stockedBefore = Mutex<Date?>(nil)
    do {
      try await stocked.write(for: course.id) { before in
        guard let before = before ?? nil else { return stock }
        stockedBefore.withLock { $0 = before.stockedAt }
        return before
      }
    } catch {
      throw CoursesFailure(error)
    }
    let before = stockedBefore.withLock { $0 }
    return found.map { _ in .stocked(Course(course), at: before ?? stock.stockedAt, newly: before == nil) }
  }

  /// Stocks `id`, or unstocks it when the store of stocks says it is stocked: decided and written in one step of
  /// the course's key, from the store and the cached catalog alone (never the origin), so the change is made at
  /// once whatever the origin does, and two toggles in a row undo each other.
  ///
  /// - Throws: ``CoursesFailure/courseNotCached(_:)`` or ``CoursesFailure/courseNotFound(_:)`` when stocking a
  ///   course no cached list holds, or why the database failed; nothing is written then.
  public func toggle(id: String) async throws(CoursesFailure) -> StockChange {
    // Only a stock needs the catalog; an unstock goes whatever the cache knows.
    let listed: Result<CourseResponse, CoursesFailure>
    do throws(CoursesFailure) {
      listed = .success(try await self.listed(id: id, policy: .offline).content)
    } catch {
      listed = .failure(error)
    }
    let now = clock.now()
    let unstocked = Mutex<String?>(nil)
    let written: StockedCourseRecord?
    do {
      written = try await stocked.write(for: id) { stock in
        if let stock = stock ?? nil {
          unstocked.withLock { $0 = stock.title }
          return nil
        }
        let course = try listed.get()
        return StockedCourseRecord(courseId: course.id, title: course.title, stockedAt: now)
      }.value
    } catch {
      throw error as? CoursesFailure ?? CoursesFailure(error)
    }
    guard let written else { return .unstocked(id: id, title: unstocked.withLock { $0 }) }
    return .stocked(Course(try listed.get()), at: written.stockedAt, newly: true)
  }

  /// A course as the catalog lists it, with the provenance of the list.
  typealias Listed = Outcome<CourseResponse, CoursesFailure>

  /// The catalog's course `id`, checked as `policy` says (`.offline`: against the cached lists only), with the
  /// provenance of the list that vouched for it.
  private func listed(id: String, policy: CachePolicy) async throws(CoursesFailure) -> Listed {
    let checked = await courses.stream(.ids([id]), policy: policy == .offline ? .offline : .standard)
      .reading(on: clock, failure: { CoursesFailure($0, courseID: id) }).last()
    let found: Outcome<[CourseResponse], CoursesFailure>
    switch checked {
    case .done(let outcome)?: found = outcome
    case .failed(let failure)?: throw failure
    case .loading?, nil: throw CoursesFailure(CancellationError(), courseID: id)
    }
    guard let course = found.content.first(where: { $0.id == id }) else {
      // A list kept from the cache answers for the origin only when it knows the course.
      throw found.refreshFailure ?? .courseNotFound(id)
    }
    return found.map { _ in course }
  }

  /// Unstocks `id`; the outcome's content says the title it was stocked with, `nil` when it was not stocked
  /// (nothing changed). Its provenance is `.local`: the app's own database took the write and no origin was asked.
  public func unstock(id: String) async throws(CoursesFailure) -> Outcome<StockChange, CoursesFailure> {
    let record = try await stocked.stocked(id)
    if record != nil { try await stocked.set(nil, for: id) }
    let now = clock.now()
    return Outcome(
      .unstocked(id: id, title: record?.title), provenance: .written(to: .local, at: now), answeredAt: now)
  }

  /// Every stocked course, most recent first, read from the app's own database (provenance `.local`, as of now).
  public func stocked() async throws(CoursesFailure) -> Outcome<[StockedCourse], CoursesFailure> {
    let courses: [StockedCourse]
    do {
      courses = try await stocked.all().compactMap { $0.value.map(StockedCourse.init) }
        .sorted { ($0.stockedAt, $1.id) > ($1.stockedAt, $0.id) }
    } catch {
      throw CoursesFailure(error)
    }
    let now = clock.now()
    return Outcome(courses, provenance: Provenance(source: .local, fetchedAt: now), answeredAt: now)
  }
}

/// What a change of a stock did: stocking, unstocking or toggling a course answers it.
public enum StockChange: Hashable, Sendable {
  /// The course is stocked, as of `at`: by this change when `newly`, else before it (nothing changed, and it keeps
  /// when it was stocked).
  case stocked(Course, at: Date, newly: Bool)
  /// Course `id` is not stocked: `title` is the title it was stocked with when this change unstocked it, `nil` when
  /// it was not stocked (nothing changed).
  case unstocked(id: String, title: String?)
}
