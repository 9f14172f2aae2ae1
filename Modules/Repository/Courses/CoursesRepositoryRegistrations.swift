import CoursesDemo
import DI
import Infrastructure

extension RepositoryAssembly {
  /// Registers the Courses data sources and repositories.
  func registerCourses(into registrar: Registrar) {
    registrar.register(DemoCatalog.self, scope: .singleton) { _ in try DemoCatalog.bundled() }
    registrar.register(CoursesGraphQLServer.self, scope: .singleton) { r in
      try CoursesGraphQLServer(catalog: try r.resolve())
    }
    registrar.register((any GraphQLTransport).self, name: .demo, scope: .singleton) { r in
      DemoGraphQLTransport(server: try r.resolve(), diagnostics: try r.resolve())
    }
  }
}
