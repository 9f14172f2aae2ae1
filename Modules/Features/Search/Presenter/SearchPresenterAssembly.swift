import DI
import Presenter
import SearchUseCase
import UseCase

/// Registers the Search feature's view model factories.
public struct SearchPresenterAssembly: Assembly {
  /// The view models build on the Search use cases and the presenter kit.
  public static let dependencies: [any Assembly.Type] = [SearchUseCaseAssembly.self, PresenterAssembly.self]

  /// Creates the assembly.
  public init() {}

  /// Registers this layer's types.
  public func assemble(into registrar: Registrar) {
    registrar.registerFactory(of: SearchViewModel.self, argument: Void.self) { r in
      let dependency = SearchViewModel.Dependency(searchRepositories: try r.resolve())
      return { _ in dependency }
    }
    registrar.registerFactory(of: RepoDetailViewModel.self, argument: Void.self) { r in
      let dependency = RepoDetailViewModel.Dependency(repositoryDetail: try r.resolve())
      return { _ in dependency }
    }
    registrar.registerFactory(of: StarViewModel.self, argument: Void.self) { r in
      let dependency = StarViewModel.Dependency(starRepository: try r.resolve())
      return { _ in dependency }
    }
  }
}
