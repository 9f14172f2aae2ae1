import CoursesInterface
import DI
import Infrastructure
import Repository
import SearchInterface
import SearchRepository
import UseCase

/// Registers the Search feature's use cases (search, repo details, star and unstar) and what Search offers
/// other features: its ``/SearchInterface/RepoFinder``.
public struct SearchUseCaseAssembly: Assembly {
  /// The use cases build on Search's data layer and the use-case kit.
  public static let dependencies: [any Assembly.Type] = [SearchRepositoryAssembly.self, UseCaseAssembly.self]

  /// Made by `SearchPlugin`, which hands the app every assembly of the slice.
  public init() {}

  /// Registers each use case, a concrete type, on the stores of searches and repo details.
  public func assemble(into registrar: Registrar) {
    registrar.register(SearchReposUseCase.self, scope: .singleton) { r in
      SearchReposUseCase(
        store: try r.resolve(), stars: try r.resolve(), clock: try r.resolve((any AppClock).self),
        quota: try r.resolve())
    }
    registrar.register(RepoDetailUseCase.self, scope: .singleton) { r in
      // Courses' finder, when Courses is in the app: the details are whole without it, and without a usable
      // setting of Courses' they say why the courses are missing.
      RepoDetailUseCase(
        store: try r.resolve(),
        stars: try r.resolve(),
        clock: try r.resolve((any AppClock).self),
        courses: try r.resolveOffering((any CourseFinder).self) { UnusableCourseFinder(reason: $0.description) },
        relatedDeadline: try r.resolve(AppConfiguration.self).relatedTimeout)
    }
    registrar.register((any RepoFinder).self, scope: .singleton) { r in
      LiveRepoFinder(search: try r.resolve())
    }
    registrar.register(StarRepoUseCase.self, scope: .singleton) { r in
      let api = try r.resolve(GitHubAPI.self)
      return StarRepoUseCase(
        starred: try r.resolve(), hasToken: api.hasToken, webHost: api.webHost,
        hostRefusingToken: api.hostRefusingToken,
        clock: try r.resolve((any AppClock).self))
    }
  }
}
