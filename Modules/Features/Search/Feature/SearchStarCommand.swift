import ArgumentParser
import DI
import FeatureKit

/// `app search star <owner/repo>`: stars a repo (needs a token).
struct SearchStarCommand: ContainerCommand {
  static let configuration = CommandConfiguration(
    commandName: "star",
    abstract: "Star a repository (needs GH_TOKEN or GITHUB_TOKEN).",
    discussion: "Example: app search star apple/swift"
  )

  @Argument(help: "The repository, as owner/repo or https://github.com/owner/repo.")
  var repository: String

  func run(in context: CommandContext) async throws {
    let view = StarTerminalView(makeViewModel: try context.container.resolve(), terminal: context.terminal)
    if let failure = await view.show(fullName: repository, starred: true).failure { throw failure.singleLined }
  }
}
