import Synchronization

/// What parts of the command tree that ArgumentParser builds from types alone need to know of the features this
/// process's app is built with: the settings page (the discussion of `app settings`, which the man page shows) and
/// the feature names (what `app cache clear <Tab>` offers). ``Application/rootConfiguration(features:)`` records
/// them, before ArgumentParser can reach those commands through the root.
enum BuiltFeatures {
  private static let recorded = Mutex<(names: [String], settingsPage: String, features: [any FeaturePlugin.Type])>(
    ([], "", []))

  /// Records `features` as the app's.
  static func record(_ features: [any FeaturePlugin.Type]) {
    let names = features.map { $0.name }.sorted()
    let page = SettingsPage(features: features).text
    recorded.withLock { $0 = (names, page, features) }
  }

  /// The features, in the order the app registers them.
  static var features: [any FeaturePlugin.Type] { recorded.withLock { $0.features } }

  /// The features' command names, sorted.
  static var names: [String] { recorded.withLock { $0.names } }

  /// The settings page of the app.
  static var settingsPage: String { recorded.withLock { $0.settingsPage } }
}
