import ArgumentParser
import FeatureKit

/// `app`: every registered feature's command, plus the built-in `di` commands.
struct App: ParsableCommand {
  /// The configuration, built once; the parser sees it through ``Application/parserView(of:)``.
  private static let built = Application.rootConfiguration(features: registeredFeatures())
  static var configuration: CommandConfiguration { Application.parserView(of: built) }

  /// `app --version`, which `Application` answers before parsing; declared here, on `app` alone, for its help,
  /// the completions and the man page.
  @Flag(help: "Show the version.") var version = false
}

Application.main(root: App.self, features: registeredFeatures())
