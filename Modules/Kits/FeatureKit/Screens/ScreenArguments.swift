import Presenter

/// What `app ui <feature>` takes after the feature's name: what the feature's first screen starts with.
///
/// `app ui` checks the arguments against it as the line commands check theirs, before it takes the terminal:
/// anything else is a usage error (exit 64) naming the argument.
public enum ScreenArguments: Sendable, Equatable {
  /// Nothing: `app ui <feature>` alone.
  case nothing
  /// Words that are not options, such as a query, named `[<name> ...]` in the usage. A word that begins with `-`
  /// is an option, which no screen takes, unless it follows a `--` (`app ui weather -- -x`).
  case words(String)

  /// The command line that starts `feature` with these arguments: `app ui [--offline] weather [<city> ...]`.
  func usage(of feature: String) -> String {
    switch self {
    case .nothing: "app ui [--offline] \(feature)"
    case .words(let name): "app ui [--offline] \(feature) [<\(name)> ...]"
    }
  }

  /// The hint of every usage error of `app ui`: the usage line of what was typed (`usage`), and where the features
  /// and what each takes are listed.
  static func usageHint(_ usage: String) -> String {
    "Usage: \(usage)\n  See 'app ui --help' for the features and what each takes."
  }

  /// Checks what follows `app ui <feature>`: `words` stood before a `--` (where an option may), `quoted` after it.
  /// Throws a usage error naming the first argument the feature's first screen does not take.
  func check(_ words: [String], quoted: [String], of feature: String) throws(UserFacingError) {
    let hint = Self.usageHint(usage(of: feature))
    switch self {
    case .nothing:
      guard let first = words.first ?? quoted.first else { return }
      let what = !words.isEmpty && Self.isOption(first) ? "Unknown option" : "Unexpected argument"
      throw UserFacingError(
        title: "\(what) '\(first)': app ui \(feature) takes no arguments", hint: hint, kind: .usage)
    case .words(let name):
      guard let option = words.first(where: Self.isOption) else { return }
      throw UserFacingError(
        title: "Unknown option '\(option)': app ui \(feature) takes no options; a \(name) that begins with '-' "
          + "goes after --, as in app ui \(feature) -- \(option)",
        hint: hint, kind: .usage)
    }
  }

  /// Whether `word` is an option (`-x`, `--name`), not a word (`-` alone is a word).
  static func isOption(_ word: String) -> Bool {
    word.hasPrefix("-") && word.count > 1
  }
}
