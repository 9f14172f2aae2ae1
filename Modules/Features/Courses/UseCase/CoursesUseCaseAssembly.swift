import CoursesRepository
import DI
import Infrastructure
import Repository
import UseCase

/// Registers the Courses use cases: home and detail twice (default = origin, `.local` = cache only), stocking.
public struct CoursesUseCaseAssembly: Assembly {
  /// The use cases build on the Courses repositories and the use-case kit.
  public static let dependencies: [any Assembly.Type] = [CoursesRepositoryAssembly.self, UseCaseAssembly.self]

  /// Creates the assembly.
  public init() {}

  /// Registers this layer's types.
  public func assemble(into registrar: Registrar) {
    for (name, repositoryName) in [(Name?.none, Name.remote), (Name.local, Name.local)] {
      registrar.register(GetMainUseCase.Repositories.self, name: name, scope: .singleton) { r in
        GetMainUseCase.Repositories(
          categories: try r.resolve(name: repositoryName), courses: try r.resolve(name: repositoryName),
          rankings: try r.resolve(name: repositoryName), userCourses: try r.resolve(name: repositoryName),
          stocked: try r.resolve())
      }
      registrar.register(GetMainUseCase.self, name: name, scope: .singleton) { r in
        GetMainUseCase(repositories: try r.resolve(name: name))
      }
      registrar.register(GetCourseDetailUseCase.self, name: name, scope: .singleton) { r in
        GetCourseDetailUseCase(repositories: try r.resolve(name: name))
      }
      registrar.register(StockCourseUseCase.self, name: name, scope: .singleton) { r in
        StockCourseUseCase(
          courses: try r.resolve(name: repositoryName), stocked: try r.resolve(), clock: try r.resolve())
      }
    }
    registrar.register(UnstockCourseUseCase.self, scope: .singleton) { r in
      UnstockCourseUseCase(stocked: try r.resolve())
    }
    registrar.register(GetStockedCoursesUseCase.self, scope: .singleton) { r in
      GetStockedCoursesUseCase(stocked: try r.resolve())
    }
  }
}
