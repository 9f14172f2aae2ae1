import GraphQL

/// The Query type's resolvers over a catalog; object fields use GraphQL's default resolvers.
struct CatalogResolvers: Sendable {
  let catalog: DemoCatalog
  private let coursesByID: [String: DemoCourse]
  private let progressByID: [String: DemoUserCourse]

  init(catalog: DemoCatalog) {
    self.catalog = catalog
    coursesByID = Dictionary(catalog.courses.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    progressByID = Dictionary(catalog.userCourses.map { ($0.courseId, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// The resolver of the root field `name`, or `nil` for a field the catalog does not serve.
  func resolver(for name: String) -> GraphQLFieldResolve? {
    switch name {
    case "categories":
      return { _, _, _, _ in catalog.categories.map(Self.row) }
    case "courses":
      return { _, args, _, _ in try ids(args, "ids").compactMap { coursesByID[$0] }.map(Self.row) }
    case "recentCourses":
      return { _, args, _, _ in try courses(catalog.recentCourseIds, limit: args) }
    case "recommendedCourses":
      return { _, args, _, _ in try courses(catalog.recommendedCourseIds, limit: args) }
    case "rankings":
      return { _, _, _, _ in catalog.rankings.map(Self.row) }
    case "userCourses":
      return { _, args, _, _ in try ids(args, "courseIds").compactMap { progressByID[$0] }.map(Self.row) }
    default:
      return nil
    }
  }

  private func ids(_ args: Map, _ name: String) throws -> [String] {
    try args[name].arrayValue().map { try $0.stringValue() }
  }

  private func courses(_ ids: [String], limit args: Map) throws -> [[String: any Sendable]] {
    let limit = try args["limit"].intValue()
    guard limit >= 0 else { throw GraphQLError(message: "limit must be 0 or more, got \(limit)") }
    return ids.compactMap { coursesByID[$0] }.prefix(limit).map(Self.row)
  }

  private static func row(_ category: DemoCategory) -> [String: any Sendable] {
    ["id": category.id, "name": category.name]
  }

  private static func row(_ course: DemoCourse) -> [String: any Sendable] {
    var row: [String: any Sendable] = [
      "id": course.id, "title": course.title, "categoryId": course.categoryId, "instructor": course.instructor,
      "durationMinutes": course.durationMinutes, "level": course.level, "updatedAt": course.updatedAt,
    ]
    row["summary"] = course.summary
    row["thumbnailUrl"] = course.thumbnailUrl
    return row
  }

  private static func row(_ ranking: DemoRanking) -> [String: any Sendable] {
    ["label": ranking.label, "labelId": ranking.labelId, "courseIds": ranking.courseIds]
  }

  private static func row(_ progress: DemoUserCourse) -> [String: any Sendable] {
    var row: [String: any Sendable] = ["courseId": progress.courseId, "progress": progress.progress]
    row["lastViewedAt"] = progress.lastViewedAt
    return row
  }
}
