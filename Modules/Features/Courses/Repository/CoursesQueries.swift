import Infrastructure
import Repository

/// The GraphQL operations the Courses client sends; every one is validated against the contract in tests.
public enum CoursesQueries {
  /// The fields every course is read with.
  static let courseFields = "id title categoryId instructor summary durationMinutes level thumbnailUrl updatedAt"

  /// All categories.
  public static let categories = "query Categories { categories { id name } }"
  /// The user's recently viewed courses.
  public static let recentCourses =
    "query RecentCourses($limit: Int!) { recentCourses(limit: $limit) { \(courseFields) } }"
  /// Courses recommended for the user.
  public static let recommendedCourses =
    "query RecommendedCourses($limit: Int!) { recommendedCourses(limit: $limit) { \(courseFields) } }"
  /// The ranking sections.
  public static let rankings = "query Rankings { rankings { label labelId courseIds } }"
  /// Courses by id.
  public static let courses = "query Courses($ids: [ID!]!) { courses(ids: $ids) { \(courseFields) } }"
  /// The user's progress on courses.
  public static let userCourses =
    "query UserCourses($ids: [ID!]!) { userCourses(courseIds: $ids) { courseId progress lastViewedAt } }"

  /// Every operation, with the variables a typical call sends.
  public static let all: [GraphQLRequest] = [
    GraphQLRequest(query: categories, operationName: "Categories"),
    GraphQLRequest(query: recentCourses, operationName: "RecentCourses", variables: ["limit": 5]),
    GraphQLRequest(query: recommendedCourses, operationName: "RecommendedCourses", variables: ["limit": 10]),
    GraphQLRequest(query: rankings, operationName: "Rankings"),
    GraphQLRequest(query: courses, operationName: "Courses", variables: ["ids": ["c01", "c02"]]),
    GraphQLRequest(query: userCourses, operationName: "UserCourses", variables: ["ids": ["c01"]]),
  ]
}
