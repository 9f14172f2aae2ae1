import Synchronization

/// What parts of the command tree that ArgumentParser builds from types alone need to know of the features this
/// process's app is built with: the settings page (the discussion of `app settings`, which the man page shows) and
/// the feature names (what `app cache clear <Tab>` offers). ``Application/rootConfiguration(features:)`` records
/// them, before ArgumentParser can reach those commands through the root.
///
/// ArgumentParser reads every command's configuration on each parse, discussions included, though only a help
/// page shows them. A process whose command line asks for no help (``Application/main(root:features:)`` knows
/// before anything is parsed) says so with ``showNoHelpPages()``, and the pages are not built: an empty
/// discussion stands in for each.
enum BuiltFeatures {
  private static let recorded = Mutex<(names: [String], page: String?, features: [any FeaturePlugin.Type])>(
    ([], nil, []))
  private static let helpPagesShown = Atomic<Bool>(true)

  /// Records `features` as the app's.
  static func record(_ features: [any FeaturePlugin.Type]) {
    let names = features.map { $0.name }.sorted()
    recorded.withLock { $0 = (names, nil, features) }
  }

  /// Says that this process shows no help page, so discussions need not be built.
  static func showNoHelpPages() {
    helpPagesShown.store(false, ordering: .relaxed)
  }

  /// Whether this process may show a help page: true unless ``showNoHelpPages()`` was called.
  static var showsHelpPages: Bool { helpPagesShown.load(ordering: .relaxed) }

  /// The features, in the order the app registers them.
  static var features: [any FeaturePlugin.Type] { recorded.withLock { $0.features } }

  /// The features' command names, sorted.
  static var names: [String] { recorded.withLock { $0.names } }

  /// The settings page of the app, built at its first use; empty in a process that shows no help page.
  static var settingsPage: String {
    guard showsHelpPages else { return "" }
    if let page = recorded.withLock({ $0.page }) { return page }
    let page = SettingsPage(features: features).text
    recorded.withLock { $0.page = page }
    return page
  }
}
