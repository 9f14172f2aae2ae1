import ArgumentParser
import FeatureKit

/// `app search`: search GitHub repos (the default), view one, star or unstar it.
struct SearchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "search",
    abstract: "Search GitHub repositories, view one, star or unstar it.",
    discussion: """
      `app search <query...>` searches; to search for a word that is also a subcommand (view, star, unstar), \
      write `app search query <query...>`. Results are cached for 10 minutes.
      Set GH_TOKEN (or GITHUB_TOKEN) for higher rate limits; starring needs it. GITHUB_API_URL changes the API \
      (default https://api.github.com).
      Exit status: 0 success (also when stale cached results are shown), 1 failure, 4 authentication required, \
      64 usage error.
      """,
    subcommands: [SearchQueryCommand.self, SearchViewCommand.self, SearchStarCommand.self, SearchUnstarCommand.self],
    defaultSubcommand: SearchQueryCommand.self
  )

  /// What users call the origin of Search's data and changes.
  static let origin = "GitHub"
}

/// How Search's read commands word `--offline`, `--refresh` and `--json`: GitHub is the origin, and the JSON has gh's
/// field names.
protocol GitHubSourceHelp: SourceHelp {}

extension GitHubSourceHelp {
  static var origin: String { SearchCommand.origin }
  static var jsonHelp: String { "Print JSON (gh field names) on standard output and nothing else." }
  static var conflict: String { "choose the cache or GitHub." }

  /// After a read that could reach GitHub: says on standard error how many of Search's changes still wait for it.
  static func noteWaitingChanges(in context: CommandContext) async {
    await context.noteWaitingChanges(of: SearchCommand.featureName, origin: origin)
  }
}
