import CoursesRepository
import Foundation
import Repository
import SearchInterface
import UseCase

/// One course with its category name, progress and stock flag, and GitHub repos related to it.
///
/// The repos are looked up with the course's title once the course is read, and waited for at most
/// `relatedDeadline`: without Search in the app, when GitHub fails or does not answer in time, the detail is
/// complete without them and says why.
public struct CourseDetailUseCase: Sendable {
  /// How many related repos a detail shows at most.
  public static let relatedLimit = 3

  private let data: CoursesData
  private let repos: (any RepoFinder)?
  private let relatedDeadline: Duration

  /// Creates the use case on the Courses stores, whose reads date its answers on the app's clock; `repos` is
  /// Search's finder, `nil` when Search is not in the app.
  init(data: CoursesData, repos: (any RepoFinder)?, relatedDeadline: Duration) {
    self.data = data
    self.repos = repos
    self.relatedDeadline = relatedDeadline
  }

  /// The states of one read of course `id` as `policy` says: the course as cached while the origin is asked, then the
  /// origin's, or the cached course kept with the failure as its ``/UseCase/Outcome/refreshFailure``, or the failure:
  /// ``CoursesFailure/courseNotFound(_:)`` when the catalog has no such course (then no cached copy is shown),
  /// ``CoursesFailure/courseNotCached(_:)`` when reading the cache only and it does not hold all the course needs. The
  /// course is dated by its oldest part (the related repos aside). Once it is read, it comes as still loading with its
  /// related repos ``/UseCase/Related/pending`` while Search looks them up, then settled with them. `following` (a
  /// screen) goes on after that, with the course again each time the store of stocks holds it another way
  /// (``/UseCase/Reading/following(_:in:marking:)``), until the read is left.
  public func read(
    id: String, policy: CachePolicy, following: Bool = false
  ) -> Reading<ReadState<CourseDetailDto, CoursesFailure>> {
    let parts = Reading.combining(
      data.courses(.ids([id]), policy: policy, for: id),
      Reading.combining(data.categories(policy: policy, for: id), data.progress(ids: [id], policy: policy, for: id)))
    let course = Reading<ReadState<CourseDetailDto, CoursesFailure>>.producing { [data] yield in
      let stockedIDs: Set<String>
      do {
        stockedIDs = try await data.stockedIDs(among: [id])
      } catch {
        return yield(.failed(CoursesFailure(error, courseID: id)))
      }
      for await state in parts {
        // A course the catalog does not know is an error, not a detail; its cached copy is not shown either.
        yield(state.detail(of: id, stocked: stockedIDs))
      }
    }
    let detail = course.fillingIn(\.relatedRepos) { [self] detail in
      relatedRepos(title: detail.course.course.title, policy: policy)
    }
    guard following else { return detail }
    return detail.following({ [$0.course.course.id] }, in: data.stocked(among:)) { detail, stocked in
      detail.course.stocked = stocked.contains(detail.course.course.id)
    }
  }

  private func relatedRepos(title: String, policy: CachePolicy) -> RelatedLookup<RelatedRepo> {
    guard let repos else { return .known(.unavailable(.absent)) }
    return .lookUp { [relatedDeadline] in
      await Related.within(relatedDeadline) { () async throws(RelatedLookupFailure) -> [RelatedRepo] in
        try await repos.repos(matching: title, limit: Self.relatedLimit, policy: policy).map(RelatedRepo.init)
      }
    }
  }
}

extension ReadState
where Content == ([CourseResponse], ([CategoryResponse], [UserCourseResponse])), Failure == CoursesFailure {
  /// The detail of course `id` in this state of its parts; a read that found the course list without the course
  /// is ``CoursesFailure/courseNotFound(_:)``, or the origin's failure when the list was kept from the cache.
  fileprivate func detail(of id: String, stocked: Set<String>) -> ReadState<CourseDetailDto, CoursesFailure> {
    func detail(_ parts: Content) -> CourseDetailDto? {
      let (courses, (categories, progress)) = parts
      guard let course = courses.first(where: { $0.id == id }) else { return nil }
      return CourseDetailDto(
        course: CourseDto.composing(categories: categories, progress: progress, stocked: stocked)(course),
        lastViewedAt: progress.first { $0.courseId == id }?.lastViewedAt.map(CourseTime.init))
    }
    func found(_ outcome: Outcome<Content, CoursesFailure>) -> Outcome<CourseDetailDto, CoursesFailure>? {
      detail(outcome.content).map { found in outcome.map { _ in found } }
    }
    switch self {
    case .loading(let cached):
      return .loading(cached.flatMap(found))
    case .done(let outcome):
      guard let found = found(outcome) else { return .failed(outcome.refreshFailure ?? .courseNotFound(id)) }
      return .done(found)
    case .failed(let failure):
      return .failed(failure)
    }
  }
}
