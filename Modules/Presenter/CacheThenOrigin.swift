import UseCase

/// What a screen settles on: content, possibly kept from the cache because a refresh failed, or a failure.
public enum Settled<Content: Sendable, Failure: Sendable>: Sendable {
  /// Content to show; `stale` says why fresher content could not be had, when it could not.
  case content(Content, stale: Failure?)
  /// Nothing to show.
  case failure(Failure)
}

/// The cache-then-origin presentation flow every feature's screens share.
///
/// 1. The presenter reads what the cache holds and shows it while the origin is asked (its loading state).
/// 2. It fetches; fresh content replaces the cached one.
/// 3. When the fetch fails, the cached content stays on screen with the failure as a stale notice, or, with
///    nothing cached (or a failure that makes the cache irrelevant, such as "not found"), the failure is shown.
///
/// A use case whose store already fell back to the cache answers that content with its
/// ``Outcome/refreshFailure``, which becomes the stale notice the same way.
public enum CacheThenOrigin {
  /// Runs steps 2 and 3 for `cached`, the content read in step 1.
  ///
  /// - Parameters:
  ///   - cached: What the cache holds, as the screen shows it, if anything; read only when the fetch fails, so a
  ///     screen that shows no loading state does not read its cache when the origin answers.
  ///   - fetch: Asks the use case for the origin's content (or a fresh cache).
  ///   - present: Turns the use case's outcome into what the screen shows (the outcome itself, for a screen that
  ///     shows its provenance as the use case gave it).
  ///   - describe: Turns an error into what the user is told.
  ///   - keepsCache: Whether the cached content may still be shown after `error`; `true` unless said otherwise.
  public static func settle<Content: Sendable, Refresh: Error, Shown: Sendable, Failure: Sendable>(
    cached: @autoclosure () async -> Shown?,
    fetch: () async throws -> Outcome<Content, Refresh>,
    present: (Outcome<Content, Refresh>) -> Shown,
    describe: (any Error) -> Failure,
    keepsCache: (any Error) -> Bool = { _ in true }
  ) async -> Settled<Shown, Failure> {
    do {
      let outcome = try await fetch()
      return .content(present(outcome), stale: outcome.refreshFailure.map { describe($0) })
    } catch {
      let failure = describe(error)
      guard keepsCache(error), let cached = await cached() else { return .failure(failure) }
      return .content(cached, stale: failure)
    }
  }
}
