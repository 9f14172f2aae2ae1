/// A feature's command that reads only what the app keeps locally (its database), never the feature's origin:
/// before it runs the app checks its own settings alone, so a setting the command does not read never stops it.
///
/// The kit's own commands (`app cache`, `app di`) belong to no feature and are checked the same way.
public protocol LocalCommand: ContainerCommand {}

extension LocalCommand {
  /// A local command reads the app's own settings alone.
  public static var settingsReach: SettingsReach { .local }
}

/// A kit command over every feature's own part (`app ui` and its tabs): the app is built with the settings as they
/// were given, so that a feature's bad setting reaches that feature's part alone (its tab, another feature's
/// lookups of it), as it does for the feature's own commands, instead of being dropped as for `app di` and
/// `app cache`, which read no feature's settings.
public protocol EveryFeatureCommand: ContainerCommand {}

extension EveryFeatureCommand {
  /// A command over every feature reads every feature's settings as given.
  public static var settingsReach: SettingsReach { .everyFeature }
}
