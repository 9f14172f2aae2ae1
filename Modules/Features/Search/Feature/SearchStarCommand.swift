import ArgumentParser
import DI
import FeatureKit
import Presenter
import SearchPresenter

/// The repo a command acts on, as users write it.
struct RepoArgument: ParsableArguments {
  @Argument(help: "The repository, as owner/repo or https://github.com/owner/repo.")
  var repository: String
}

/// `app search star` and `unstar`: one command that sets a repo's star, each subcommand saying which way.
protocol StarringCommand: ContainerCommand, OfflineHelp {
  /// Whether the command stars (`true`) or unstars.
  static var starred: Bool { get }
  /// The repo.
  var repo: RepoArgument { get }
  /// Whether to keep the change for `app sync` without asking GitHub.
  var source: OfflineOption<Self> { get }
}

extension StarringCommand {
  /// `--offline` keeps the change for `app sync`.
  static var offlineHelp: String {
    "Keep the \(starred ? "star" : "unstar") for app sync to send; never ask GitHub now."
  }

  func run(in context: CommandContext) async throws {
    let factory = try context.container.resolve(Factory<any StateView<StarViewState>, StarViewModel>.self)
    let view = StarTerminalView(terminal: context.terminal)
    let state = await factory.make(view).change(
      starring: Self.starred, fullName: repo.repository, offline: source.offline)
    if let failure = state.failure { throw failure }
  }
}

/// `app search star <owner/repo>`: stars a repo (needs a token).
struct SearchStarCommand: StarringCommand {
  static let configuration = CommandConfiguration(
    commandName: "star", abstract: "Star a repository (needs GH_TOKEN or GITHUB_TOKEN).",
    discussion: """
      Example: app search star apple/swift

      When GitHub cannot be reached, or answers that it cannot take it now, the star is kept and waits: app sync \
      sends it. A star GitHub refuses for good (a token without the scope, no such repo) is undone and said.
      """)
  static let starred = true
  @OptionGroup var repo: RepoArgument
  @OptionGroup var source: OfflineOption<SearchStarCommand>
}

/// `app search unstar <owner/repo>`: removes a star (needs a token).
struct SearchUnstarCommand: StarringCommand {
  static let configuration = CommandConfiguration(
    commandName: "unstar", abstract: "Unstar a repository (needs GH_TOKEN or GITHUB_TOKEN).",
    discussion: """
      Example: app search unstar apple/swift

      When GitHub cannot be reached, or answers that it cannot take it now, the unstar is kept and waits: app \
      sync sends it. An unstar GitHub refuses for good is undone and said.
      """)
  static let starred = false
  @OptionGroup var repo: RepoArgument
  @OptionGroup var source: OfflineOption<SearchUnstarCommand>
}
