import DI
import Infrastructure
import Repository

extension UseCaseAssembly {
  /// Registers the Search feature's use cases: search, repository details, star and unstar.
  func registerSearch(into registrar: Registrar) {
    registrar.register((any SearchRepositoriesUseCase).self, scope: .singleton) { r in
      LiveSearchRepositoriesUseCase(store: try r.resolve(), clock: try r.resolve((any AppClock).self))
    }
    registrar.register((any RepositoryDetailUseCase).self, scope: .singleton) { r in
      LiveRepositoryDetailUseCase(store: try r.resolve(), clock: try r.resolve((any AppClock).self))
    }
    registrar.register((any StarRepositoryUseCase).self, scope: .singleton) { r in
      LiveStarRepositoryUseCase(api: try r.resolve(), details: try r.resolve())
    }
  }
}
