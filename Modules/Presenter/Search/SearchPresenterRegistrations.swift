import DI
import UseCase

extension PresenterAssembly {
  /// Registers the Search feature's view model factories.
  func registerSearch(into registrar: Registrar) {
    registrar.registerFactory(of: SearchViewModel.self, argument: Void.self) { r in
      let dependency = SearchViewModel.Dependency(searchRepositories: try r.resolve())
      return { _ in dependency }
    }
    registrar.registerFactory(of: RepositoryDetailViewModel.self, argument: Void.self) { r in
      let dependency = RepositoryDetailViewModel.Dependency(repositoryDetail: try r.resolve())
      return { _ in dependency }
    }
    registrar.registerFactory(of: StarViewModel.self, argument: Void.self) { r in
      let dependency = StarViewModel.Dependency(starRepository: try r.resolve())
      return { _ in dependency }
    }
  }
}
