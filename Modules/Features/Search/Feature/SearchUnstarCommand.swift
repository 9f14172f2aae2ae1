import ArgumentParser
import DI
import FeatureKit

/// `app search unstar <owner/repo>`: removes a star (needs a token).
struct SearchUnstarCommand: ContainerCommand {
  static let configuration = CommandConfiguration(
    commandName: "unstar",
    abstract: "Unstar a repository (needs GH_TOKEN or GITHUB_TOKEN).",
    discussion: "Example: app search unstar apple/swift"
  )

  @Argument(help: "The repository, as owner/repo or https://github.com/owner/repo.")
  var repository: String

  func run(in context: CommandContext) async throws {
    let view = StarTerminalView(makeViewModel: try context.container.resolve(), terminal: context.terminal)
    if let failure = await view.show(fullName: repository, starred: false).failure { throw failure.singleLined }
  }
}
