import ArgumentParser
import DI
import FeatureKit

/// `app search view <owner/repo>`: one repository's details.
struct SearchViewCommand: ContainerCommand {
  static let configuration = CommandConfiguration(
    commandName: "view",
    abstract: "Show a repository: description, language, stars, watchers, forks, issues, topics, license.",
    discussion: "Example: app search view apple/swift --json"
  )

  @Argument(help: "The repository, as owner/repo.")
  var repository: String

  @Flag(help: "Print JSON (gh field names) on standard output and nothing else.")
  var json = false

  func run(in context: CommandContext) async throws {
    let view = try context.container.resolve(Factory<Terminal, RepositoryDetailTerminalView>.self)
      .make(context.terminal)
    try await view.show(fullName: repository, asJSON: json)
  }
}
