import ArgumentParser
import FeatureKit

/// `app`: every registered feature's command, plus the built-in `di` commands.
struct App: ParsableCommand {
  static let configuration = Application.rootConfiguration(features: registeredFeatures())

  /// `app --version`, which `Application` answers before parsing; declared here, on `app` alone, for its help,
  /// the completions and the man page.
  @Flag(help: "Show the version.") var version = false
}

Application.main(root: App.self, features: registeredFeatures())
