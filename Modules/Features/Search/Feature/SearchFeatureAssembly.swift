import DI
import FeatureKit
import Presenter
import SearchPresenter

/// Registers the Search feature's terminal views on top of the presenter layer's view models.
public struct SearchFeatureAssembly: Assembly {
  /// The feature builds on its view models (and, through them, every layer below).
  public static let dependencies: [any Assembly.Type] = [SearchPresenterAssembly.self]

  /// Made by `SearchPlugin`, which hands the app every assembly of the slice.
  public init() {}

  /// Registers the feature's views; each is made for the terminal of the running command.
  public func assemble(into registrar: Registrar) {
    registrar.registerFactory(of: SearchTerminalView.self, argument: Terminal.self) { r in
      let makeViewModel = try r.resolve(Factory<Void, SearchViewModel>.self)
      return { terminal in .init(makeViewModel: makeViewModel, terminal: terminal) }
    }
    registrar.registerFactory(of: RepoDetailTerminalView.self, argument: Terminal.self) { r in
      let makeViewModel = try r.resolve(Factory<Void, RepoDetailViewModel>.self)
      return { terminal in .init(makeViewModel: makeViewModel, terminal: terminal) }
    }
    registrar.registerFactory(of: StarTerminalView.self, argument: Terminal.self) { r in
      let makeViewModel = try r.resolve(Factory<Void, StarViewModel>.self)
      return { terminal in .init(makeViewModel: makeViewModel, terminal: terminal) }
    }
  }
}
