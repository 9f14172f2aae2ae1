import ArgumentParser
import DI
import FeatureKit

/// The repo a command acts on, as users write it.
struct RepoArgument: ParsableArguments {
  @Argument(help: "The repository, as owner/repo or https://github.com/owner/repo.")
  var repository: String
}

/// `app search star` and `unstar`: one command that sets a repo's star, each subcommand saying which way.
protocol StarringCommand: ContainerCommand {
  /// Whether the command stars (`true`) or unstars.
  static var starred: Bool { get }
  /// The repo.
  var repo: RepoArgument { get }
}

extension StarringCommand {
  func run(in context: CommandContext) async throws {
    let view = StarTerminalView(makeViewModel: try context.container.resolve(), terminal: context.terminal)
    let state = await view.show(fullName: repo.repository, starred: Self.starred)
    if let failure = state.failure { throw failure.singleLined }
  }
}

/// `app search star <owner/repo>`: stars a repo (needs a token).
struct SearchStarCommand: StarringCommand {
  static let configuration = CommandConfiguration(
    commandName: "star", abstract: "Star a repository (needs GH_TOKEN or GITHUB_TOKEN).",
    discussion: "Example: app search star apple/swift")
  static let starred = true
  @OptionGroup var repo: RepoArgument
}

/// `app search unstar <owner/repo>`: removes a star (needs a token).
struct SearchUnstarCommand: StarringCommand {
  static let configuration = CommandConfiguration(
    commandName: "unstar", abstract: "Unstar a repository (needs GH_TOKEN or GITHUB_TOKEN).",
    discussion: "Example: app search unstar apple/swift")
  static let starred = false
  @OptionGroup var repo: RepoArgument
}
