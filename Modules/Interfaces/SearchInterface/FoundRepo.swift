/// A GitHub repo as another feature shows it.
public struct FoundRepo: Sendable, Hashable {
  /// `owner/name`.
  public var fullName: String
  /// The description, if it has one.
  public var description: String?
  /// Stars.
  public var stargazersCount: Int
  /// The repo's page on GitHub.
  public var url: String

  /// Creates a found repo.
  public init(fullName: String, description: String?, stargazersCount: Int, url: String) {
    self.fullName = fullName
    self.description = description
    self.stargazersCount = stargazersCount
    self.url = url
  }
}
