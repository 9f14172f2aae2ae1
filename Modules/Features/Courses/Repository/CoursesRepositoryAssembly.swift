import CoursesDemo
import DI
import Foundation
import GRDB
import Infrastructure
import Repository

extension Name {
  /// The Courses GraphQL origin.
  public static let courses = Name("courses")
}

/// Registers the Courses origin client, its stores (the store of stocks among them) and their migrations.
public struct CoursesRepositoryAssembly: Assembly {
  /// The repositories build on the repository kit (and, through it, the infrastructure).
  public static let dependencies: [any Assembly.Type] = [RepositoryAssembly.self]

  /// Made by `CoursesPlugin`, which hands the app every assembly of the slice.
  public init() {}

  /// Registers the origin client (the demo catalog's without `COURSES_API_URL`), stores, repositories, migrations.
  public func assemble(into registrar: Registrar) {
    // With COURSES_API_URL set, GraphQL goes over HTTP; without it, through the bundled demo catalog.
    registrar.register(GraphQLClient.self, name: .courses, scope: .singleton) { r in
      guard let endpoint = try r.resolve(Settings.self).value(of: CoursesSettings.apiURL) else {
        return GraphQLClient(transport: try r.resolve((any GraphQLTransport).self, name: .demo))
      }
      let transport = HTTPGraphQLTransport(
        http: try r.resolve((any HTTPClient).self), endpoint: endpoint, headers: ["User-Agent": AppInfo.userAgent])
      return GraphQLClient(transport: transport)
    }
    // The demo server is built on the transport's first request: decoding the catalog and building the schema
    // take longer than all the rest of an offline command.
    registrar.register((any GraphQLTransport).self, name: .demo, scope: .singleton) { r in
      DemoGraphQLTransport(
        server: LazyDemoServer { try CoursesGraphQLServer(catalog: try DemoCatalog.bundled()) },
        note: DemoNote(home: try? r.resolve(AppConfiguration.self).homeDirectory, diagnostics: try r.resolve()))
    }
    registrar.register(CoursesAPI.self, scope: .singleton) { r in
      CoursesAPI(client: try r.resolve(GraphQLClient.self, name: .courses))
    }
    registrar.register(DatabaseMigrationSet.self, name: .courses, scope: .singleton) { _ in
      DatabaseMigrationSet(Self.stockMigrations)
    }
    // The store of stocks: the user's own data, whose origin is the app database itself, so it never goes stale
    // and a refresh reads it again; the screens' marks follow it, in this process and across processes.
    registrar.register(Store<String, StockedCourseRecord?>.self, scope: .singleton) { r in
      try r.resolve(FollowedStores.self).adding(
        .local(
          database: try r.resolve(), namespace: StockedCourseRecord.namespace, absent: nil,
          clock: try r.resolve((any AppClock).self)))
    }
    registerCourseStores(into: registrar)
  }

  private func registerCourseStores(into registrar: Registrar) {
    registrar.register(Store<String, [CategoryResponse]>.self, scope: .singleton) { r in
      try CoursesStores.whole("courses.categories", in: r) { try await $0.categories() }
    }
    registrar.register(Store<String, [RankingResponse]>.self, scope: .singleton) { r in
      try CoursesStores.whole("courses.rankings", in: r) { try await $0.rankings() }
    }
    registrar.register(Store<CourseListKey, [CourseResponse]>.self, scope: .singleton) { r in
      try CoursesStores.lists("courses.lists", in: r, itemID: \.id) { api, key in
        switch key {
        case .recent(let limit): try await api.recentCourses(limit: limit)
        case .recommended(let limit): try await api.recommendedCourses(limit: limit)
        case .ids(let ids): try await api.courses(ids: ids)
        }
      }
    }
    registrar.register(Store<CourseListKey, [UserCourseResponse]>.self, scope: .singleton) { r in
      try CoursesStores.lists("courses.progress", in: r, itemID: \.courseId) { api, key in
        // Progress is asked for by course ids only.
        guard case .ids(let ids) = key else { return [] }
        return try await api.userCourses(courseIds: ids)
      }
    }
  }

  /// The stocks' migrations, contributed to the app database: the table of earlier versions, then its rows moved
  /// into the user's own data (each course's id, title and time of stocking kept) and the table dropped.
  static let stockMigrations = [
    DatabaseMigration("courses.stocked.v1") { db in
      try db.execute(
        sql: """
          CREATE TABLE stocked_courses (
            course_id TEXT PRIMARY KEY NOT NULL,
            title TEXT NOT NULL,
            stocked_at REAL NOT NULL
          )
          """)
    },
    DatabaseMigration("courses.stocked.v2-user-data") { db in
      let encoder = JSONEncoder()
      for row in try Row.fetchAll(db, sql: "SELECT course_id, title, stocked_at FROM stocked_courses") {
        let record = StockedCourseRecord(
          courseId: row["course_id"], title: row["title"], stockedAt: Date(timeIntervalSince1970: row["stocked_at"]))
        try db.execute(
          sql: "INSERT OR IGNORE INTO user_data (namespace, key, payload, updated_at) VALUES (?, ?, ?, ?)",
          arguments: [
            StockedCourseRecord.namespace, record.courseId, try encoder.encode(record),
            record.stockedAt.timeIntervalSince1970,
          ])
      }
      try db.execute(sql: "DROP TABLE stocked_courses")
    },
  ]
}
