import ArgumentParser
import DI

/// A feature the app can be built with: a command, its summary, and the assembly behind it.
///
/// A feature module named `FooFeature` declares `public enum FooPlugin: FeaturePlugin`. The app's
/// registry of features is generated at build time from the app target's dependencies, so adding a
/// feature never edits the app's code.
public protocol FeaturePlugin {
  /// The command name users type: `app <name>`.
  static var name: String { get }
  /// One line for `app --help`.
  static var summary: String { get }
  /// The registrations the feature needs, on top of the layers it declares as dependencies.
  static var assembly: any Assembly { get }
  /// The feature's top-level command; its subcommands are the feature's other commands.
  static var command: any ParsableCommand.Type { get }
}

extension FeaturePlugin {
  /// The command's configured name.
  public static var name: String {
    command.configuration.commandName ?? String(describing: command).lowercased()
  }

  /// The command's abstract.
  public static var summary: String { command.configuration.abstract }
}
