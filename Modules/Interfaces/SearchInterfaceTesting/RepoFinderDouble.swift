import Repository
import SearchInterface
import UseCase
import UseCaseTesting

/// Search's stand-in in the tests of the features that use it.
public typealias RepoFinderDouble = LookupDouble<RepoLookup, FoundRepo>

extension LookupDouble: RepoFinder where Query == RepoLookup, Item == FoundRepo {
  /// Records the lookup and answers as the test said.
  public func repos(
    matching text: String, limit: Int, policy: CachePolicy
  ) async throws(RelatedLookupFailure) -> [FoundRepo] {
    try await lookUp(RepoLookup(text: text, limit: limit, policy: policy))
  }
}
