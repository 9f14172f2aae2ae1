import ArgumentParser
import DI
import FeatureKit

/// The Courses feature: `app courses`.
public enum CoursesPlugin: FeaturePlugin {
  /// The feature's registrations.
  public static var assembly: any Assembly { CoursesAssembly() }
  /// `app courses` and its subcommands.
  public static var command: any ParsableCommand.Type { CoursesCommand.self }
}
