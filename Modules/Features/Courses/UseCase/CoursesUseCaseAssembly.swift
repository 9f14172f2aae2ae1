import CoursesRepository
import DI
import Infrastructure
import Repository
import UseCase

/// Registers the Courses use cases: the home screen, a course's detail, and stocking.
public struct CoursesUseCaseAssembly: Assembly {
  /// The use cases build on the Courses repositories and the use-case kit.
  public static let dependencies: [any Assembly.Type] = [CoursesRepositoryAssembly.self, UseCaseAssembly.self]

  /// Creates the assembly.
  public init() {}

  /// Registers this layer's types.
  public func assemble(into registrar: Registrar) {
    registrar.register(GetMainUseCase.Repositories.self, scope: .singleton) { r in
      GetMainUseCase.Repositories(
        categories: try r.resolve(), courses: try r.resolve(), rankings: try r.resolve(),
        userCourses: try r.resolve(), stocked: try r.resolve())
    }
    registrar.register(GetMainUseCase.self, scope: .singleton) { r in
      GetMainUseCase(repositories: try r.resolve())
    }
    registrar.register(GetCourseDetailUseCase.self, scope: .singleton) { r in
      GetCourseDetailUseCase(repositories: try r.resolve())
    }
    registrar.register(StockCourseUseCase.self, scope: .singleton) { r in
      StockCourseUseCase(courses: try r.resolve(), stocked: try r.resolve(), clock: try r.resolve())
    }
    registrar.register(UnstockCourseUseCase.self, scope: .singleton) { r in
      UnstockCourseUseCase(stocked: try r.resolve())
    }
    registrar.register(GetStockedCoursesUseCase.self, scope: .singleton) { r in
      GetStockedCoursesUseCase(stocked: try r.resolve())
    }
  }
}
