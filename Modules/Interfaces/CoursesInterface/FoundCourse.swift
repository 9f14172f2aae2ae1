/// A course as another feature shows it.
public struct FoundCourse: Sendable, Hashable {
  /// The course id (`app courses show <id>`).
  public var id: String
  /// Its title (may be Japanese).
  public var title: String
  /// Its category's display name.
  public var categoryName: String
  /// How demanding it is, as the Courses API names it: `BEGINNER`, `INTERMEDIATE` or `ADVANCED`.
  public var level: String
  /// Whether it comes from the bundled demo catalog rather than a Courses API.
  public var fromDemoCatalog: Bool

  /// Creates a found course; `fromDemoCatalog` when the bundled demo catalog answered.
  public init(id: String, title: String, categoryName: String, level: String, fromDemoCatalog: Bool = false) {
    self.id = id
    self.title = title
    self.categoryName = categoryName
    self.level = level
    self.fromDemoCatalog = fromDemoCatalog
  }
}
