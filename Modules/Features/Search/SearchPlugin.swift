import ArgumentParser
import DI
import FeatureKit

/// The Search feature: `app search`.
public enum SearchPlugin: FeaturePlugin {
  /// The feature's registrations.
  public static var assembly: any Assembly { SearchAssembly() }
  /// `app search` and its subcommands.
  public static var command: any ParsableCommand.Type { SearchCommand.self }
}
