import Repository

/// One lookup of courses: the words to match, how many were asked for, and where they could be read from.
public struct CourseLookup: Sendable, Hashable {
  /// The words, any of which a course must hold.
  public var terms: [String]
  /// The most courses wanted.
  public var limit: Int
  /// Where they may be read from.
  public var policy: CachePolicy

  /// Creates a lookup.
  public init(terms: [String], limit: Int, policy: CachePolicy) {
    self.terms = terms
    self.limit = limit
    self.policy = policy
  }
}
