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
/// A fetch whose store already fell back to the cache answers that content with its ``Fetched/refreshError``,
/// which becomes the stale notice the same way.
public enum CacheThenOrigin {
  /// Runs steps 2 and 3 for `cached`, the content read in step 1.
  ///
  /// - Parameters:
  ///   - cached: What the cache holds, if anything; read only when the fetch fails, so a screen that shows no
  ///     loading state does not read its cache when the origin answers.
  ///   - fetch: Asks the origin (or a fresh cache).
  ///   - describe: Turns an error into what the user is told.
  ///   - keepsCache: Whether the cached content may still be shown after `error`; `true` unless said otherwise.
  public static func settle<Content: Sendable, Failure: Sendable>(
    cached: @autoclosure () async -> Content?,
    fetch: () async throws -> Fetched<Content>,
    describe: (any Error) -> Failure,
    keepsCache: (any Error) -> Bool = { _ in true }
  ) async -> Settled<Content, Failure> {
    do {
      let fetched = try await fetch()
      return .content(fetched.content, stale: fetched.refreshError.map(describe))
    } catch {
      let failure = describe(error)
      guard keepsCache(error), let cached = await cached() else { return .failure(failure) }
      return .content(cached, stale: failure)
    }
  }
}

/// What a fetch answered: fresh content, or content its store fell back to because the origin failed.
public struct Fetched<Content: Sendable>: Sendable {
  /// The content.
  public var content: Content
  /// Why the origin could not give fresher content, when the content was kept from the cache.
  public var refreshError: (any Error)?

  /// Creates an answer; `refreshError` is `nil` for fresh content.
  public init(_ content: Content, refreshError: (any Error)? = nil) {
    self.content = content
    self.refreshError = refreshError
  }
}
