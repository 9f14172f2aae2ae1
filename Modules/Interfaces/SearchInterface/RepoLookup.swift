import Repository

/// One lookup of repos: what the text was, how many were asked for, and where they could be read from.
public struct RepoLookup: Sendable, Hashable {
  /// The text searched for.
  public var text: String
  /// The most repos wanted.
  public var limit: Int
  /// Where they may be read from.
  public var policy: CachePolicy

  /// Creates a lookup.
  public init(text: String, limit: Int, policy: CachePolicy) {
    self.text = text
    self.limit = limit
    self.policy = policy
  }
}
