import DI
import FeatureKit
import Presenter
import SearchPresenter

/// Stars or unstars a repository and says so (`app search star` and `unstar`).
struct StarTerminalView: DependencyInjectable {
  struct Dependency: Sendable {
    let makeViewModel: Factory<Void, StarViewModel>
    let terminal: Terminal
  }

  let dependency: Dependency

  static func make(with dependency: Dependency) -> StarTerminalView {
    StarTerminalView(dependency: dependency)
  }

  /// Sends the request; prints `Starred owner/repo` or throws the `UserFacingError`.
  func show(fullName: String, starred: Bool) async throws {
    let viewModel = dependency.makeViewModel.make()
    let terminal = dependency.terminal
    let state = try await Spinner.run(starred ? "Starring…" : "Unstarring…", on: terminal) {
      await viewModel.setStarred(starred, fullName: fullName)
    }
    switch state {
    case .done(let name, let isStarred):
      terminal.output.line("\(isStarred ? "Starred" : "Unstarred") \(DisplayWidth.singleLine(name))")
    case .error(let message):
      throw message.singleLined
    }
  }
}
