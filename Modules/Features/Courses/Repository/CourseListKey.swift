import Repository

/// Which list of courses a cache entry holds.
public enum CourseListKey: Hashable, Sendable, CustomStringConvertible {
  /// The user's recent courses, at most `limit`.
  case recent(limit: Int)
  /// Courses recommended for the user, at most `limit`.
  case recommended(limit: Int)
  /// Courses by id, in this order.
  case ids([String])

  /// The cache key: `recent:5`, `recommended:10`, `ids:c01,c02`.
  public var description: String {
    switch self {
    case .recent(let limit): "recent:\(limit)"
    case .recommended(let limit): "recommended:\(limit)"
    case .ids(let ids): "ids:" + ids.joined(separator: ",")
    }
  }
}
