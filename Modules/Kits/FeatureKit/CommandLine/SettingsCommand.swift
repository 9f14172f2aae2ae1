import ArgumentParser

/// `app settings` (also `app help settings`): every setting, what it does, the values it takes, its default and
/// whether it is secret. The page is the command's discussion too, so the man page has it.
struct SettingsCommand: ParsableCommand {
  /// The command's name, as `app help settings` names it.
  static let name = "settings"

  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: name,
      abstract: "Show every setting: what it does, the values it takes, its default, whether it is secret.",
      discussion: BuiltFeatures.settingsPage)
  }

  /// Prints the page; the app answers `app settings` before parsing, so this runs only without the app's parse.
  func run() throws {
    TextSink.standardOutput.line(SettingsPage(features: BuiltFeatures.features).text)
  }
}
