import Repository
import UseCase

/// Search's finder when one of Search's settings cannot be used: every lookup fails with `reason`, so a screen
/// that shows related repos is whole without them and says why in one note.
public struct UnusableRepoFinder: RepoFinder {
  /// Why the repos cannot be looked up: the setting's problem, one line.
  public let reason: String

  /// A finder that answers every lookup with `reason`.
  public init(reason: String) {
    self.reason = reason
  }

  /// Fails with ``reason``.
  public func repos(
    matching text: String, limit: Int, policy: CachePolicy
  ) async throws(RelatedLookupFailure) -> [FoundRepo] {
    throw .failed(reason)
  }
}
