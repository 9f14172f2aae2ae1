import DI
import Presenter
import Repository
import SearchUseCase
import UseCase

/// Registers the Search feature's view model factories.
public struct SearchPresenterAssembly: Assembly {
  /// The view models build on the Search use cases and the presenter kit.
  public static let dependencies: [any Assembly.Type] = [SearchUseCaseAssembly.self, PresenterAssembly.self]

  /// Made by `SearchPlugin`, which hands the app every assembly of the slice.
  public init() {}

  /// Registers a factory per view model (its use case resolved at once, its view given when the command runs, or
  /// the screen reads) and how a star's failures are said wherever it is sent.
  public func assemble(into registrar: Registrar) {
    registrar.register(ChangeWording.self, name: StarRepoUseCase.changeWording, scope: .singleton) { _ in
      ChangeWording { error, repo in
        let said = SearchFailure(error, repo: repo).userFacingAsChange()
        return ChangeReason(said.title, hint: said.hint.isEmpty ? nil : said.hint)
      }
    }
    registrar.registerFactory(of: SearchViewModel.self, argument: (any StateView<SearchViewState>).self) { r in
      let search = try r.resolve(SearchReposUseCase.self)
      return { view in .init(useCase: search, view: view) }
    }
    registrar.registerFactory(of: RepoDetailViewModel.self, argument: (any StateView<RepoDetailViewState>).self) { r in
      let detail = try r.resolve(RepoDetailUseCase.self)
      return { view in .init(useCase: detail, view: view) }
    }
    registrar.registerFactory(of: StarViewModel.self, argument: (any StateView<StarViewState>).self) { r in
      let star = try r.resolve(StarRepoUseCase.self)
      return { view in .init(useCase: star, view: view) }
    }
  }
}
