import ArgumentParser
import DI
import FeatureKit
import Infrastructure
import Presenter
import SearchInterface
import SearchPresenter
import SearchRepository
import SearchUseCase

/// The Search feature: `app search`.
public enum SearchPlugin: FeaturePlugin {
  /// One assembly per layer of the feature.
  public static var assemblies: [any Assembly] {
    [SearchRepositoryAssembly(), SearchUseCaseAssembly(), SearchPresenterAssembly(), SearchFeatureAssembly()]
  }
  /// What the feature reads from the environment.
  public static var settings: [SettingInfo] { SearchSettings.all }
  /// Command lines for `app --help`.
  public static var examples: [(command: String, meaning: String)] {
    [
      ("search swift --limit 5", "five Swift repositories from GitHub"),
      ("search view apple/swift", "one repository in full"),
    ]
  }
  /// `app search` and its subcommands.
  public static var command: any ParsableCommand.Type { SearchCommand.self }
  /// `app ui search` takes a query: words, none an option unless after a `--`.
  public static var screenArguments: ScreenArguments? { .words("query") }

  /// Stars and unstars wait for GitHub.
  public static var changesOrigin: String? { SearchCommand.origin }
  /// Search as you type, and the repo view under the route `repo`, which the results and other features' screens
  /// open; `app ui search <query…>` starts with the query. Each screen gets its own view model's factory.
  public static func screens(in context: ScreenContext) -> (@Sendable ([String]) throws -> any InteractiveScreen)? {
    let container = context.command.container
    let made = Result {
      (
        kit: try SearchScreenKit(context),
        search: try container.resolve(Factory<any StateView<SearchViewState>, SearchViewModel>.self),
        repo: try container.resolve(Factory<any StateView<RepoDetailViewState>, RepoDetailViewModel>.self)
      )
    }
    if case .success(let made) = made {
      context.routes.add(SearchRoutes.repo) { RepoScreen(viewModel: made.repo, kit: made.kit, fullName: $0) }
    }
    return { arguments in
      let made = try made.get()
      return SearchScreen(viewModel: made.search, kit: made.kit, query: arguments.joined(separator: " "))
    }
  }
}
