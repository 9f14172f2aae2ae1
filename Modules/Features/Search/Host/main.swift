import ArgumentParser
import FeatureKit
import SearchFeature

/// Search alone on the kits, through the app's own entry: its commands, `app ui` on its screens, `app di` on its
/// assemblies. The app's help and messages, with no other feature built.
struct SearchHost: ParsableCommand {
  private static let built = Application.rootConfiguration(features: [SearchPlugin.self])
  static var configuration: CommandConfiguration { Application.parserView(of: built) }

  @Flag(help: "Show the version.") var version = false
}

Application.main(root: SearchHost.self, features: [SearchPlugin.self])
