import Infrastructure

/// `app help settings`: every setting the app reads, what it does, the values it takes, its default and whether it is
/// secret, made from the settings' own declarations: each feature's (``FeaturePlugin/settings``), the app's
/// (``/Infrastructure/AppConfiguration/settings``) and the terminal's. The man page has the same text, as the
/// discussion of `app settings`.
///
/// The text is ASCII and at most ``width`` columns wide, so the man page keeps every word of it.
struct SettingsPage {
  /// The widest line.
  static let width = 80

  /// The features the app is built with.
  let features: [any FeaturePlugin.Type]

  /// The page.
  var text: String {
    let intro = """
      Every setting is an environment variable; one set to the empty string counts as unset. Before a command \
      runs, the app checks its own settings and those of the command's feature, and stops with exit status 64 \
      naming each one it cannot use. Another feature's setting that cannot be used only leaves out what that \
      feature adds to a screen, with a note saying why. Commands that read only the app's database (app cache, \
      app di and the like) never stop for a setting they do not read.
      """
    var sections: [(title: String, settings: [SettingInfo])] = features.map {
      ("Read by \(AppInfo.name) \($0.name):", $0.settings)
    }
    sections.append(("Read by every command:", AppConfiguration.settings))
    sections.append(("Read by the output on a terminal:", TerminalSettings.all))
    var lines = Self.wrap(intro, first: "", rest: "")
    for section in sections where !section.settings.isEmpty {
      lines.append("")
      lines.append(section.title)
      for setting in section.settings {
        lines += Self.entry(setting)
      }
    }
    return lines.joined(separator: "\n")
  }

  /// One setting: its variables, then what it does, its values, its default and whether it is secret.
  static func entry(_ setting: SettingInfo) -> [String] {
    let secret = setting.isSecret ? "yes: never printed, logged or stored" : "no"
    let hanging = String(repeating: " ", count: 15)
    return ["  " + setting.variableList]
      + wrap(setting.meaning, first: "      ", rest: "      ")
      + wrap(setting.values, first: "      values:  ", rest: hanging)
      + wrap(setting.defaultValue, first: "      default: ", rest: hanging)
      + ["      secret:  " + secret]
  }

  /// `text` in lines of at most ``width`` columns (a longer word alone on its line), the first after `first`, the
  /// others after `rest`.
  static func wrap(_ text: String, first: String, rest: String) -> [String] {
    var lines: [String] = []
    var line = first
    var lineHasWord = false
    for word in text.split(separator: " ") {
      if lineHasWord && line.count + 1 + word.count > width {
        lines.append(line)
        line = rest
        lineHasWord = false
      }
      line += (lineHasWord ? " " : "") + word
      lineHasWord = true
    }
    lines.append(line)
    return lines
  }
}
