import Repository
import UseCase

/// What the Search feature offers other features: GitHub repos that match a text, read through Search's own store.
///
/// The lookups honour `policy` as `app search` does: fresh cached results first, GitHub with the configured token
/// and rate limits otherwise; `.offline` never asks GitHub. A feature resolves it with `resolveIfRegistered`, so
/// it builds, runs and tests without Search in the app.
public protocol RepoFinder: Sendable {
  /// Up to `limit` repos that GitHub finds for `text`, best match first.
  ///
  /// - Throws: ``/UseCase/RelatedLookupFailure/notCached`` when `policy` is `.offline` and nothing is cached for
  ///   `text`, or ``/UseCase/RelatedLookupFailure/failed(_:)`` with a one-line reason.
  func repos(matching text: String, limit: Int, policy: CachePolicy) async throws(RelatedLookupFailure) -> [FoundRepo]
}
