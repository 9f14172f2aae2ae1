/// The Courses API contract, as agreed with the origin (GraphQL SDL).
public enum CoursesContract {
  /// The schema, in GraphQL SDL: `courses.graphql` beside this file, embedded at build time (the one copy, which
  /// the demo server, the tests and readers all read).
  public static let schema = EmbeddedText.courses
}
