import CoursesInterface
import Foundation
import Infrastructure
import Repository
import SearchRepository
import UseCase

/// Reads one repository through the cache: fresh cached details, else GitHub.
public protocol RepoDetailUseCase: Sendable {
  /// The details of `fullName` (`owner/name`).
  ///
  /// When GitHub fails and the repository is cached, the cached details are returned as stale with the failure
  /// in ``Outcome/refreshFailure``.
  ///
  /// - Throws: ``SearchFailure/invalidRepoName(_:)`` for a malformed name, or why there is nothing to show.
  func execute(fullName: String, policy: CachePolicy) async throws(SearchFailure) -> Outcome<RepoDetail, SearchFailure>
}

/// The detail read over the repository store, which caches each repository for 10 minutes, with up to 3 courses
/// that match the repository's language or topics, found through Courses' interface.
///
/// The courses are looked up once the details are read (they are what the courses must match) with the same cache
/// policy, and waited for at most `relatedDeadline`: without Courses in the app, or when it fails or is slow, the
/// details are whole without them.
public struct LiveRepoDetailUseCase: RepoDetailUseCase {
  /// How many related courses a repository's details show at most.
  public static let relatedLimit = 3

  private let store: Store<RepoFullName, RepoDetailResponse>
  private let clock: any AppClock
  private let courses: (any CourseFinder)?
  private let relatedDeadline: Duration

  /// Creates the use case over the detail store; `courses` is Courses' finder, `nil` when Courses is not in the
  /// app.
  public init(
    store: Store<RepoFullName, RepoDetailResponse>, clock: any AppClock, courses: (any CourseFinder)?,
    relatedDeadline: Duration
  ) {
    self.store = store
    self.clock = clock
    self.courses = courses
    self.relatedDeadline = relatedDeadline
  }

  /// Reads the cache or GitHub as `policy` says.
  public func execute(
    fullName: String, policy: CachePolicy
  ) async throws(SearchFailure) -> Outcome<RepoDetail, SearchFailure> {
    guard let name = RepoFullName(argument: fullName) else { throw .invalidRepoName(fullName) }
    var answer: Outcome<RepoDetail, SearchFailure>
    do {
      answer = outcome(try await store.get(name, policy: policy))
    } catch {
      if policy == .offline, case StoreError.notCached = error { throw .repoNotCached(name.description) }
      let failure = SearchFailure(error, repository: name.description)
      guard policy != .offline, let cached = try? await store.get(name, policy: .offline) else { throw failure }
      answer = outcome(cached).keptBecause(failure)
    }
    answer.content.relatedCourses = await relatedCourses(of: answer.content, policy: policy)
    return answer
  }

  private func relatedCourses(of detail: RepoDetail, policy: CachePolicy) async -> Related<RelatedCourse> {
    guard let courses else { return .unavailable(.absent) }
    let terms = (detail.language.map { [$0] } ?? []) + detail.topics
    guard !terms.isEmpty else { return .found([]) }
    return await Related.within(relatedDeadline) { () async throws(RelatedLookupFailure) -> [RelatedCourse] in
      try await courses.courses(matchingAny: terms, limit: Self.relatedLimit, policy: policy)
    }
  }

  private func outcome(_ response: StoreResponse<RepoDetailResponse>) -> Outcome<RepoDetail, SearchFailure> {
    Outcome(RepoDetail(response.value), provenance: Provenance(response), answeredAt: clock.now())
  }
}

extension RepoDetail {
  /// The DTO of GitHub's repository answer; empty texts become `nil`.
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
