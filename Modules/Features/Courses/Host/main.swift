import ArgumentParser
import CoursesFeature
import FeatureKit

/// Courses alone on the kits, through the app's own entry: its commands, `app ui` on its screens, `app di` on its
/// assemblies. The app's help and messages, with no other feature built.
struct CoursesHost: ParsableCommand {
  private static let built = Application.rootConfiguration(features: [CoursesPlugin.self])
  static var configuration: CommandConfiguration { Application.parserView(of: built) }

  @Flag(help: "Show the version.") var version = false
}

Application.main(root: CoursesHost.self, features: [CoursesPlugin.self])
