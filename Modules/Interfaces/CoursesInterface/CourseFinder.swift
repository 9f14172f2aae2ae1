import Repository
import UseCase

/// What the Courses feature offers other features: the courses it can read through its own store (recent,
/// recommended and ranked) that match some words.
///
/// The lookups honour `policy` as `app courses` does; `.offline` reads only the cache. A feature resolves it with
/// `resolveIfRegistered`, so it builds, runs and tests without Courses in the app.
public protocol CourseFinder: Sendable {
  /// Up to `limit` courses whose title, category or summary holds any of `terms` as whole words (case does not
  /// matter), those that hold the most terms first.
  ///
  /// - Throws: ``/UseCase/RelatedLookupFailure/notCached`` when `policy` is `.offline` and the courses are not cached,
  ///   or ``/UseCase/RelatedLookupFailure/failed(_:)`` with a one-line reason.
  func courses(
    matchingAny terms: [String], limit: Int, policy: CachePolicy
  ) async throws(RelatedLookupFailure) -> [FoundCourse]
}
