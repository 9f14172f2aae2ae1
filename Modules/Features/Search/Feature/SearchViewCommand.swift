import ArgumentParser
import DI
import FeatureKit
import SearchPresenter
import SearchUseCase

/// `app search view <owner/repo>`: one repo's details.
struct SearchViewCommand: ContainerCommand {
  static let configuration = CommandConfiguration(
    commandName: "view",
    abstract: "Show a repository: description, language, stars, watchers, forks, issues, topics, license.",
    discussion: "Examples: app search view apple/swift --json, app search view https://github.com/apple/swift"
  )

  @OptionGroup var repo: RepoArgument

  @Flag(help: "Show only the cached details; never ask GitHub.")
  var offline = false

  @Flag(help: "Ask GitHub even when the cached details are fresh.")
  var refresh = false

  @Flag(help: "Print JSON (gh field names) on standard output and nothing else.")
  var json = false

  func validate() throws {
    guard !(offline && refresh) else {
      throw ValidationError("--offline and --refresh cannot be used together: choose the cache or GitHub.")
    }
  }

  func run(in context: CommandContext) async throws {
    let factory = try context.container.resolve(Factory<any RepoDetailView, RepoDetailViewModel>.self)
    let view = RepoDetailTerminalView(terminal: context.terminal, asJSON: json)
    let state = await view.show(
      fullName: repo.repository, policy: offline ? .offline : refresh ? .refresh : .standard, using: factory)
    if !offline { await context.noteWaitingChanges(of: SearchPlugin.name, origin: "GitHub") }
    if let failure = state?.failure {
      throw failure.singleLined
    }
  }
}
