import ArgumentParser
import FeatureKit

/// `app`: every registered feature's command, plus the built-in `di` commands.
struct App: ParsableCommand {
  static var configuration: CommandConfiguration { Application.rootConfiguration(features: registeredFeatures()) }
}

await Application.main(root: App.self, features: registeredFeatures())
