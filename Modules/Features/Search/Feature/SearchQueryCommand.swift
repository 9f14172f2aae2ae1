import ArgumentParser
import DI
import FeatureKit
import Presenter
import SearchPresenter
import SearchUseCase
import UseCase

/// `app search [query] <query...>`: searches GitHub repos.
struct SearchQueryCommand: ContainerCommand, GitHubSourceHelp {
  static let configuration = CommandConfiguration(
    commandName: "query",
    abstract: "Search GitHub repositories (the default subcommand).",
    discussion: """
      Examples:
        app search swift language:swift --sort stars --limit 50
        app search "日本語" --json
      On a terminal the results are a table; piped, one tab-separated line per repository \
      (name, description, language, stars).
      """
  )

  /// The screen's first step is reading the cache.
  static let readsDatabaseFirst = true

  static let offlineHelp = "Show only cached results; never ask GitHub."
  static let refreshHelp = "Ask GitHub even when cached results are fresh."

  /// GitHub's limit on the length of `q`.
  static let maximumQueryLength = 256

  @Argument(help: "The words to search for; qualifiers such as language:swift or stars:>100 pass through.")
  var words: [String] = []

  @Option(help: "Sort by stars, forks, help-wanted-issues or updated (default: best match).")
  var sort: RepoSearchSort?

  @Option(help: "Order of the sort: asc or desc (needs --sort).")
  var order: RepoSearchOrder?

  @Option(help: "Only repositories in this language (adds language:<L> to the query).")
  var language: String?

  @Option(name: [.long, .customShort("L")], help: "How many repositories to show, 1 to 1000.")
  var limit: Int = RepoSearchRequest.defaultLimit

  @OptionGroup var source: SourceOptions<SearchQueryCommand>

  /// The query words joined with spaces.
  var queryText: String {
    words.joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The fields `gh search repos --json` selects from; a word made of them is a field list, not a search word.
  static let ghJSONFields: Set<String> = [
    "createdAt", "defaultBranch", "description", "forksCount", "fullName", "hasDownloads", "hasIssues", "hasPages",
    "hasProjects", "hasWiki", "homepage", "id", "isArchived", "isDisabled", "isFork", "isPrivate", "language",
    "license", "name", "openIssuesCount", "owner", "pushedAt", "size", "stargazersCount", "updatedAt", "url",
    "visibility", "watchersCount",
  ]

  /// Whether `word` is a `gh`-style `--json` field list: comma-separated field names, or one camel-case field name
  /// (a plain word such as `language` stays a search word).
  static func isFieldList(_ word: String) -> Bool {
    let fields = word.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    guard fields.allSatisfy(ghJSONFields.contains) else { return false }
    return fields.count > 1 || word.contains(where: \.isUppercase)
  }

  func validate() throws {
    if source.json, let fields = words.first(where: Self.isFieldList) {
      let rest = words.filter { !Self.isFieldList($0) }.joined(separator: " ")
      throw ValidationError(
        "'\(fields)' is a gh --json field list, not a search word; this --json prints every field. "
          + "Select fields with jq, e.g. app search \(rest.isEmpty ? "<words>" : rest) "
          + "--json | jq '.items[] | {\(fields.split(separator: ",").joined(separator: ", "))}'")
    }
    let language = language?.trimmingCharacters(in: .whitespaces) ?? ""
    guard !queryText.isEmpty || !language.isEmpty else {
      throw ValidationError("The search query is empty. Give words to search for, e.g. app search swift language:swift")
    }
    let length = request.searchText.count
    guard length <= Self.maximumQueryLength else {
      throw ValidationError(
        "The search query is \(length) characters long; GitHub accepts at most \(Self.maximumQueryLength).")
    }
    guard RepoSearchRequest.limits.contains(limit) else {
      throw ValidationError(
        "--limit must be from 1 to 1000 (GitHub pages to 1,000 results at most), not \(limit).")
    }
    guard order == nil || sort != nil else {
      throw ValidationError(
        "--order needs --sort: GitHub orders sorted results only. Add --sort stars, forks, help-wanted-issues "
          + "or updated.")
    }
  }

  /// The request the options describe.
  var request: RepoSearchRequest {
    let language = language?.trimmingCharacters(in: .whitespaces)
    return RepoSearchRequest(
      query: queryText, sort: sort, order: order, language: language?.isEmpty == true ? nil : language, limit: limit)
  }

  func run(in context: CommandContext) async throws {
    let factory = try context.container.resolve(Factory<any StateView<SearchViewState>, SearchViewModel>.self)
    let view = SearchTerminalView(terminal: context.terminal, asJSON: source.json)
    let failure = await factory.make(view).read(request, policy: source.policy).failure
    if !source.offline { await Self.noteWaitingChanges(in: context) }
    if let failure { throw failure }
  }
}

extension RepoSearchSort: ExpressibleByArgument {}
extension RepoSearchOrder: ExpressibleByArgument {}
