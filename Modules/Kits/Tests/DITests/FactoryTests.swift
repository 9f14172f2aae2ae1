import DI
import TestScheduling
import Testing

/// A screen whose needs are spelled out in its `Dependency`.
struct CourseDetailScreen: DependencyInjectable {
  struct Dependency {
    let repository: any CourseRepository
    let courseID: String
  }
  let title: String

  static func make(with dependency: Dependency) -> CourseDetailScreen {
    CourseDetailScreen(title: "\(dependency.courseID) from \(dependency.repository.origin)")
  }
}

@Suite(.untimed) struct FactoryTests {
  @Test func factoryCombinesResolvedServicesWithARuntimeArgument() throws {
    let registrar = Registrar()
    registerHomeGraph(registrar)
    registrar.registerFactory(of: CourseDetailScreen.self, argument: String.self) { r in
      let repository = try r.resolve((any CourseRepository).self, name: .local)
      return { id in .init(repository: repository, courseID: id) }
    }
    let container = registrar.makeContainer()
    let factory = try container.resolve(Factory<String, CourseDetailScreen>.self)
    #expect(factory.make("swift-101").title == "swift-101 from cache")

    let report = container.validate()
    #expect(report.isValid)
    #expect(
      report.edges.contains(
        DependencyEdge(
          from: ServiceKey(typeName: "Factory<String, CourseDetailScreen>"),
          to: ServiceKey(typeName: "CourseRepository", name: .local))))
  }

  @Test func factoryWithAMissingDependencyFailsWhenResolvedNotWhenUsed() {
    let registrar = Registrar()
    registrar.registerFactory(of: CourseDetailScreen.self, argument: String.self) { r in
      let repository = try r.resolve((any CourseRepository).self, name: .local)
      return { id in .init(repository: repository, courseID: id) }
    }
    let report = registrar.makeContainer().validate()
    #expect(report.problems.count == 1)
    #expect(report.problems.first?.key.description == "CourseRepository[local]")
  }
}
