import SearchRepository

/// What the store of stars holds for some repos, looked up by any spelling of a repo's `owner/name` that GitHub
/// treats as the same repo (``/SearchRepository/RepoFullName/canonical`` is the rule; a screen never repeats it).
public struct ViewerStars: Sendable, Hashable {
  private var stars: [String: ViewerStar]

  /// No star of any repo.
  public init() {
    stars = [:]
  }

  /// The stars of the repos named, keyed as ``key(_:)`` keys them.
  init(_ stars: [String: ViewerStar]) {
    self.stars = stars
  }

  /// The star of `fullName`; `nil` when the store holds nothing for it.
  public subscript(fullName fullName: String) -> ViewerStar? { stars[Self.key(fullName)] }

  /// The same text for every spelling of one repo's name: what state kept per repo is keyed by.
  public static func key(_ fullName: String) -> String {
    RepoFullName(argument: fullName)?.canonical ?? fullName
  }
}
