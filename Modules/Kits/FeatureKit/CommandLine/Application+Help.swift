import ArgumentParser
import Infrastructure

extension Application {
  /// The configuration of the root command: every feature's command, then the built-in ones.
  /// Records `features` for the commands ArgumentParser builds from their types alone (``BuiltFeatures``).
  public static func rootConfiguration(features: [any FeaturePlugin.Type]) -> CommandConfiguration {
    BuiltFeatures.record(features)
    guard BuiltFeatures.showsHelpPages else {
      return CommandConfiguration(
        commandName: AppInfo.name, abstract: rootAbstract, subcommands: subcommands(of: features))
    }
    let screens: [(command: String, meaning: String)] =
      UICommand.startable(among: features).isEmpty ? [] : [("ui", "the features' screens, live on the terminal")]
    let examples = features.flatMap { $0.examples } + screens + [("di check", "validate the whole dependency graph")]
    let width = examples.map(\.command.count).max() ?? 0
    let exampleLines = examples.map {
      "  app \($0.command)\(String(repeating: " ", count: width - $0.command.count))  \($0.meaning)"
    }
    return CommandConfiguration(
      commandName: AppInfo.name,
      abstract: rootAbstract,
      discussion: """
        Examples:
        \(exampleLines.joined(separator: "\n"))

        \(environmentHelp(features: features))

        Completion: app --generate-completion-script bash|zsh|fish prints a completion script for the shell; \
        without one, for the shell SHELL names.

        Exit status: 0 success (also when stale cached content is shown), 1 failure, \
        4 authentication required, 64 usage error.
        """,
      subcommands: subcommands(of: features)
    )
  }

  /// What `app --help` says the app is.
  private static let rootAbstract =
    "Look things up, keep what you like and send your changes, from a local cache or the network; "
    + "app ui shows it all on one screen."

  /// The root's subcommands: every feature's command, then the built-in ones.
  private static func subcommands(of features: [any FeaturePlugin.Type]) -> [any ParsableCommand.Type] {
    features.map { $0.command } + [
      UICommand.self, SyncCommand.self, CacheCommand.self, DICommand.self, SettingsCommand.self,
    ]
  }

  /// What `app --version` prints. The root answers it itself (``main(root:features:)``, and ``parse(_:invalidUTF8:)``
  /// for `--version` alone), so that the argument parser does not offer it on every subcommand; the app's root
  /// command declares it as a flag of its own, for its help, the completions and the man page.
  public static let versionLine = "\(AppInfo.name) version \(AppInfo.version)"

  /// Every feature's settings, then the app's own and the terminal's, as one sentence.
  static func environmentHelp(features: [any FeaturePlugin.Type]) -> String {
    let settings = features.flatMap { $0.settings } + AppConfiguration.settings
    let names = settings.compactMap { setting -> String? in
      guard let first = setting.variables.first else { return nil }
      let others = setting.variables.dropFirst()
      return first + (others.isEmpty ? "" : " (or \(others.joined(separator: ", ")))")
    }
    return "Environment: \((names + ["NO_COLOR"]).joined(separator: ", ")). "
      + "See `\(AppInfo.name) help settings` for what each does, takes and defaults to."
  }
}
