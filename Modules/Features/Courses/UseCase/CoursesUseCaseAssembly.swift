import CoursesInterface
import CoursesRepository
import DI
import Infrastructure
import Repository
import SearchInterface
import UseCase

/// Registers the Courses use cases (the home screen, a course's detail, stocking) and what Courses offers other
/// features: its ``/CoursesInterface/CourseFinder``.
public struct CoursesUseCaseAssembly: Assembly {
  /// The use cases build on the Courses repositories and the use-case kit.
  public static let dependencies: [any Assembly.Type] = [CoursesRepositoryAssembly.self, UseCaseAssembly.self]

  /// Made by `CoursesPlugin`, which hands the app every assembly of the slice.
  public init() {}

  /// Registers each use case, a concrete type, on the Courses stores.
  public func assemble(into registrar: Registrar) {
    registrar.register(CoursesData.self, scope: .singleton) { r in
      CoursesData(
        categories: try r.resolve(), courseLists: try r.resolve(), rankings: try r.resolve(),
        progress: try r.resolve(), stocks: try r.resolve(), clock: try r.resolve())
    }
    registrar.register(GetMainUseCase.self, scope: .singleton) { r in
      GetMainUseCase(data: try r.resolve())
    }
    registrar.register(CourseDetailUseCase.self, scope: .singleton) { r in
      // Search's finder, when Search is in the app: the detail is whole without it, and without a usable setting
      // of Search's it says why the repos are missing.
      CourseDetailUseCase(
        data: try r.resolve(),
        repos: try r.resolveOffering((any RepoFinder).self) { UnusableRepoFinder(reason: $0.description) },
        relatedDeadline: try r.resolve(AppConfiguration.self).relatedTimeout)
    }
    registrar.register((any CourseFinder).self, scope: .singleton) { r in
      LiveCourseFinder(main: try r.resolve(), fromDemoCatalog: try r.resolve(CoursesCatalog.self).isDemo)
    }
    registrar.register(CoursesCatalog.self, scope: .singleton) { r in
      CoursesCatalog(isDemo: try CoursesStores.usesDemoCatalog(r.resolve(Settings.self)))
    }
    registrar.register(StockCourseUseCase.self, scope: .singleton) { r in
      StockCourseUseCase(courses: try r.resolve(), stocked: try r.resolve(), clock: try r.resolve())
    }
  }
}
