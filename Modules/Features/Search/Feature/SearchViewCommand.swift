import ArgumentParser
import DI
import FeatureKit
import SearchPresenter
import SearchUseCase

/// `app search view <owner/repo>`: one repo's details.
struct SearchViewCommand: ContainerCommand, GitHubSourceHelp {
  static let configuration = CommandConfiguration(
    commandName: "view",
    abstract: "Show a repository: description, language, stars, watchers, forks, issues, topics, license.",
    discussion: "Examples: app search view apple/swift --json, app search view https://github.com/apple/swift"
  )

  static let offlineHelp = "Show only the cached details; never ask GitHub."
  static let refreshHelp = "Ask GitHub even when the cached details are fresh."

  @OptionGroup var repo: RepoArgument
  @OptionGroup var source: SourceOptions<SearchViewCommand>

  func run(in context: CommandContext) async throws {
    let factory = try context.container.resolve(Factory<any RepoDetailView, RepoDetailViewModel>.self)
    let view = RepoDetailTerminalView(terminal: context.terminal, asJSON: source.json)
    let state = await view.show(fullName: repo.repository, policy: source.policy, using: factory)
    if !source.offline { await context.noteWaitingChanges(of: SearchPlugin.name, origin: SearchPlugin.origin) }
    if let failure = state?.failure {
      throw failure.singleLined
    }
  }
}
