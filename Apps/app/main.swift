import ArgumentParser
import FeatureKit

/// `app`: every registered feature's command, plus the built-in `di` commands.
struct App: ParsableCommand {
  static let configuration = Application.rootConfiguration(features: registeredFeatures())
}

Application.main(root: App.self, features: registeredFeatures())
