import ArgumentParser
import DI
import FeatureKit
import Presenter
import SearchPresenter
import SearchUseCase

/// `app search view [<owner/repo>]`: one repo's details; without a repo, the one the current directory is a clone
/// of.
struct SearchViewCommand: ContainerCommand, GitHubSourceHelp {
  static let configuration = CommandConfiguration(
    commandName: "view",
    abstract: "Show a repository: description, language, stars, watchers, forks, issues, topics, license.",
    discussion: "Examples: app search view apple/swift --json, app search view https://github.com/apple/swift. "
      + "With no repository, the one the current directory is a clone of: its git remote on GITHUB_API_URL's web "
      + "host (origin first)."
  )

  static let offlineHelp = "Show only the cached details; never ask GitHub."
  static let refreshHelp = "Ask GitHub even when the cached details are fresh."

  @Argument(help: "The repository, as owner/repo or its address; the current directory's git remote when omitted.")
  var repository: String?
  @OptionGroup var source: SourceOptions<SearchViewCommand>

  func run(in context: CommandContext) async throws {
    let factory = try context.container.resolve(Factory<any StateView<RepoDetailViewState>, RepoDetailViewModel>.self)
    let fullName = try repository ?? Self.remote(of: context.container.resolve(StarRepoUseCase.self))
    let view = RepoDetailTerminalView(terminal: context.terminal, asJSON: source.json)
    let state = await factory.make(view).read(fullName: fullName, policy: source.policy)
    if !source.offline { await Self.noteWaitingChanges(in: context) }
    if let failure = state.failure {
      throw failure
    }
  }

  /// The address of the current directory's git remote on the web host of the GitHub `stars` uses (`origin`
  /// first).
  ///
  /// - Throws: A usage error when there is none.
  static func remote(of stars: StarRepoUseCase) throws -> String {
    let remotes = GitRemotes.urls()
    if let remote = stars.repo(amongRemotes: remotes) { return remote }
    throw UserFacingError(
      title: remotes.isEmpty
        ? "no repository given, and the current directory is not in a git clone with a remote"
        : "no repository given, and no git remote of the current directory is on \(stars.webHost)",
      hint: "Give one, as owner/repo (for example app search view apple/swift).", kind: .usage)
  }
}
