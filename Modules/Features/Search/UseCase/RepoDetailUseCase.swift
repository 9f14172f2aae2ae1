import CoursesInterface
import Foundation
import Infrastructure
import Repository
import SearchRepository
import UseCase

/// Reads one repo through the cache: fresh cached details, else GitHub.
///
/// that match the repo's language or topics, found through Courses' interface.
///
/// The courses are looked up once the details are read (they are what the courses must match) with the same cache
/// policy, and waited for at most `relatedDeadline`: without Courses in the app, or when it fails or is slow, the
/// details are whole without them.
public struct RepoDetailUseCase: Sendable {
  /// How many related courses a repo's details show at most.
  public static let relatedLimit = 3

  private let store: Store<RepoFullName, RepoDetailResponse>
  private let stars: StarRepoUseCase
  private let clock: any AppClock
  private let courses: (any CourseFinder)?
  private let relatedDeadline: Duration

  /// Creates the use case over the detail store; `stars` reads whether the token's user starred the repo;
  /// `courses` is Courses' finder, `nil` when Courses is not in the app.
  init(
    store: Store<RepoFullName, RepoDetailResponse>, stars: StarRepoUseCase, clock: any AppClock,
    courses: (any CourseFinder)?, relatedDeadline: Duration
  ) {
    self.store = store
    self.stars = stars
    self.clock = clock
    self.courses = courses
    self.relatedDeadline = relatedDeadline
  }

  /// The states of one read of `fullName` (`owner/name`) as `policy` says: the cached details while GitHub is asked,
  /// then GitHub's, or the cached details kept with GitHub's failure as their ``/UseCase/Outcome/refreshFailure``, or
  /// the failure when there is nothing to show (``SearchFailure/invalidRepoName(_:)`` for a malformed name). Once the
  /// details are read, two things are read beside each other with the same policy: whether the token's user starred the
  /// repo (not without a token; ``RepoDetail/starPending`` meanwhile) and the related courses
  /// (``/UseCase/Related/pending`` meanwhile). The details come at once as still loading while either is read, again as
  /// each answers, then settled with both: a silent star endpoint never holds the details, and holds the rest at most
  /// `relatedDeadline`, after which the star is unknown (``RepoDetail/starUnknown``). `following` (a screen) goes on
  /// after that, its star again each time the store of stars holds it another way (a star here, on another screen or in
  /// another process: ``/UseCase/Reading/following(_:in:marking:)``), until the read is left; a star GitHub was not
  /// asked for, or is still being asked, stays as the read has it.
  public func read(
    fullName: String, policy: CachePolicy, following: Bool = false
  ) -> Reading<ReadState<RepoDetail, SearchFailure>> {
    let name: RepoFullName
    do {
      name = try stars.repoName(fullName)
    } catch {
      return .just(.failed(error))
    }
    let repo = name.description
    let details: Reading<ReadState<RepoDetail, SearchFailure>> = store.stream(name, policy: policy)
      .reading(
        on: clock, content: RepoDetail.init,
        failure: { error -> SearchFailure in
          if policy == .offline, case StoreError.notCached = error { return .repoNotCached(repo) }
          return SearchFailure(error, repo: repo)
        }
      )
    let read = Reading<ReadState<RepoDetail, SearchFailure>>.producing { [self] yield in
      for await state in details {
        guard case .done(let outcome) = state else {
          yield(state)
          continue
        }
        await fillIn(outcome, repo: repo, policy: policy, yield: yield)
      }
    }
    guard following else { return read }
    return read.following({ _ in [repo] }, in: stars.stars(among:)) { detail, stars in
      guard !detail.starPending, detail.viewerStar != nil, let star = stars[fullName: repo] else { return }
      detail.viewerStar = star
    }
  }

  /// What is read beside the details once they are known.
  private enum FilledIn: Sendable {
    /// The star, or why it is not known (`nil`: nothing to say).
    case star(ViewerStar?, unknown: String?)
    case courses(Related<RelatedCourse>)
  }

  /// The star of `repo` as `policy` says, waited for at most `relatedDeadline` like the related courses: GitHub
  /// may answer the repo and never its star.
  private func star(of repo: String, policy: CachePolicy) async -> FilledIn {
    let stars = stars
    switch await Deadline<Result<ViewerStar, SearchFailure>?>.wait(
      atMost: relatedDeadline,
      for: {
        await stars.current(fullName: repo, policy: policy)
      })
    {
    case .answered(.success(let star)?): return .star(star, unknown: nil)
    case .answered(.failure(let failure)?): return .star(nil, unknown: Self.unknownStar(failure))
    case .answered(nil), .cancelled: return .star(nil, unknown: nil)
    case .timedOut: return .star(nil, unknown: Self.noAnswer)
    }
  }

  /// Why the star is unknown when GitHub did not answer in time.
  static let noAnswer = "GitHub did not answer"

  /// Why the star is unknown after `failure`, in a few words; `nil` offline with nothing cached, where nothing
  /// was asked.
  static func unknownStar(_ failure: SearchFailure) -> String? {
    switch failure {
    case .notCached, .repoNotCached: nil
    case .timedOut, .unreachable: noAnswer
    case .rateLimited: "GitHub's rate limit"
    case .tokenRejected: "GitHub rejected the token"
    case .insecureCredentials: "the token is not sent over plain http"
    case .storage, .changeNotKept: "the app database could not say"
    default: "GitHub answered an error"
    }
  }

  /// Yields `outcome` as loading while its star and related courses are read, as each answers, then settled.
  private func fillIn(
    _ outcome: Outcome<RepoDetail, SearchFailure>, repo: String, policy: CachePolicy,
    yield: (ReadState<RepoDetail, SearchFailure>) -> Void
  ) async {
    var outcome = outcome
    let lookup = relatedCourses(of: outcome.content, policy: policy)
    await withTaskGroup(of: FilledIn.self) { group in
      if stars.readsStars {
        outcome.content.starPending = true
        group.addTask { await star(of: repo, policy: policy) }
      }
      switch lookup {
      case .known(let related):
        outcome.content.relatedCourses = related
      case .lookUp(let find):
        outcome.content.relatedCourses = .pending
        group.addTask { .courses(await find()) }
      }
      var filling = outcome.content.isFillingIn
      while filling {
        yield(.loading(outcome))
        switch await group.next() {
        case .star(let star, let unknown)?:
          outcome.content.viewerStar = star
          outcome.content.starUnknown = unknown
          outcome.content.starPending = false
        case .courses(let related)?:
          outcome.content.relatedCourses = related
        case nil:
          // Cancelled: what is not known is not shown.
          outcome.content.starPending = false
          if outcome.content.relatedCourses == .pending {
            outcome.content.relatedCourses = .unavailable(.timedOut(relatedDeadline))
          }
        }
        filling = outcome.content.isFillingIn
      }
    }
    yield(.done(outcome))
  }

  private func relatedCourses(of detail: RepoDetail, policy: CachePolicy) -> RelatedLookup<RelatedCourse> {
    guard let courses else { return .known(.unavailable(.absent)) }
    let terms = (detail.language.map { [$0] } ?? []) + detail.topics
    guard !terms.isEmpty else { return .known(.found([])) }
    return .lookUp { [relatedDeadline] in
      await Related.within(relatedDeadline) { () async throws(RelatedLookupFailure) -> [RelatedCourse] in
        try await courses.courses(matchingAny: terms, limit: Self.relatedLimit, policy: policy)
          .map(RelatedCourse.init)
      }
    }
  }
}

extension RepoDetail {
  /// The DTO of GitHub's repo answer; empty texts become `nil`.
  init(_ response: RepoDetailResponse) {
    let spdx = response.license?.spdxId.nonEmpty.flatMap { $0 == "NOASSERTION" ? nil : $0 }
    self.init(
      fullName: response.fullName, ownerLogin: response.owner.login, description: response.description.nonEmpty,
      language: response.language.nonEmpty, stargazersCount: response.stargazersCount,
      watchersCount: response.subscribersCount, forksCount: response.forksCount,
      openIssuesCount: response.openIssuesCount, topics: response.topics ?? [],
      licenseName: (response.license?.name).nonEmpty,
      licenseSPDXID: spdx, url: response.htmlUrl, updatedAt: response.updatedAt,
      isArchived: response.archived ?? false, visibility: response.visibility ?? "public")
  }
}
