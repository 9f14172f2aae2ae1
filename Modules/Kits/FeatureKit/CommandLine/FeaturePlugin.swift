import ArgumentParser
import DI
import Infrastructure

/// A feature the app can be built with: a command, its summary, its settings and the assemblies behind it.
///
/// A feature named `<Name>` is a vertical slice of targets (`<Name>Repository`, `<Name>UseCase`,
/// `<Name>Presenter`, `<Name>Feature`); its top module declares `public enum <Name>Plugin: FeaturePlugin`. The
/// app's registry of features is generated at build time from the app target's dependencies, so adding a feature
/// never edits the app's code.
public protocol FeaturePlugin: SendableMetatype {
  /// The command name users type: `app <name>`.
  static var name: String { get }
  /// One line for `app --help`.
  static var summary: String { get }
  /// One assembly per layer target of the feature; each declares the assemblies it builds on.
  static var assemblies: [any Assembly] { get }
  /// The environment variables the feature reads, for `app --help` and the README.
  static var settings: [SettingInfo] { get }
  /// Command lines worth showing in `app --help`, after `app `, with what each does.
  static var examples: [(command: String, meaning: String)] { get }
  /// The feature's top-level command; its subcommands are the feature's other commands.
  static var command: any ParsableCommand.Type { get }
  /// What `app ui <name>` takes after the name (nothing, or words such as a query), which `app ui` checks before
  /// it takes the terminal and `app ui --help` lists; `nil` (the default) when the feature has no screens.
  static var screenArguments: ScreenArguments? { get }
  /// The name users know the origin of the feature's changes by (a web service's name), when they wait for one: `app ui`
  /// says on leaving how many of them still wait, as the feature's line commands do. `nil` (the default) when its
  /// changes wait for nothing.
  static var changesOrigin: String? { get }
  /// The feature's first screen in `app ui`, made from what follows `app ui <name>` once ``screenArguments``
  /// accepted it; asked only of a feature with screen arguments, and `nil` (the default) when it has no screens.
  /// The feature adds the routes other features' screens may open (``ScreenContext/routes``) here.
  static func screens(in context: ScreenContext) -> (@Sendable ([String]) throws -> any InteractiveScreen)?
}

extension ParsableCommand {
  /// The name the command goes by: its configured name, else its type's name in lower case. A feature goes by its
  /// command's (``FeaturePlugin/name``), and so do the changes it keeps.
  public static var featureName: String {
    configuration.commandName ?? String(describing: self).lowercased()
  }
}

extension FeaturePlugin {
  /// The command's name (`ParsableCommand.featureName`).
  public static var name: String { command.featureName }

  /// The command's abstract.
  public static var summary: String { command.configuration.abstract }

  /// No settings of its own.
  public static var settings: [SettingInfo] { [] }

  /// No screens.
  public static var screenArguments: ScreenArguments? { nil }

  /// No change waits for an origin.
  public static var changesOrigin: String? { nil }

  /// No screens.
  public static func screens(in context: ScreenContext) -> (@Sendable ([String]) throws -> any InteractiveScreen)? {
    nil
  }

  /// The bare command.
  public static var examples: [(command: String, meaning: String)] { [(name, summary)] }
}
