import DI
import Presenter
import SearchUseCase
import UseCase

/// Registers the Search feature's view model factories.
public struct SearchPresenterAssembly: Assembly {
  /// The view models build on the Search use cases and the presenter kit.
  public static let dependencies: [any Assembly.Type] = [SearchUseCaseAssembly.self, PresenterAssembly.self]

  /// Made by `SearchPlugin`, which hands the app every assembly of the slice.
  public init() {}

  /// Registers a factory per view model: its use cases resolved at once, its view given when the command runs.
  public func assemble(into registrar: Registrar) {
    registrar.registerFactory(of: SearchViewModel.self, argument: Void.self) { r in
      let dependency = SearchViewModel.Dependency(useCase: try r.resolve())
      return { _ in dependency }
    }
    registrar.registerFactory(of: RepoDetailViewModel.self, argument: Void.self) { r in
      let dependency = RepoDetailViewModel.Dependency(useCase: try r.resolve())
      return { _ in dependency }
    }
    registrar.registerFactory(of: StarViewModel.self, argument: Void.self) { r in
      let dependency = StarViewModel.Dependency(useCase: try r.resolve())
      return { _ in dependency }
    }
  }
}
