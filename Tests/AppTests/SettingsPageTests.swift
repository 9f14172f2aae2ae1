import FeatureKit
import Foundation
import Infrastructure
import Reliability
import TestScheduling
import Testing

/// `app help settings`: every setting explains itself (what it does, its values, its default, whether it is
/// secret), from the settings' own declarations; the man page has the same text.
@Suite(.untimed) struct SettingsPageTests {
  static let intro = """
    Every setting is an environment variable; one set to the empty string counts as
    unset. Before a command runs, the app checks its own settings and those of the
    command's feature, and stops with exit status 64 naming each one it cannot use.
    Another feature's setting that cannot be used only leaves out what that feature
    adds to a screen, with a note saying why. Commands that read only the app's
    database (app cache, app di and the like) never stop for a setting they do not
    read.
    """

  @Test func helpSettingsExplainsEverySetting() async throws {
    let result = try await AppRunner.run(["help", "settings"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(result.stdout.hasPrefix(Self.intro + "\n\n"), "\(result.stdout)")
    #expect(
      result.stdout.contains(
        """
        Read by every command:
          APP_HOME
              directory of the app database (mode 0700, file 0600) and of the send locks
              (locks/); on a local file system
              values:  an absolute directory path such as /var/lib/app
              default: $XDG_DATA_HOME/modular-app, else ~/.local/share/modular-app
              secret:  no
          APP_LOG_LEVEL
              the lowest level of the log messages written to standard error
              values:  one of trace, debug, info, notice, warning, error, critical
              default: warning
              secret:  no
          APP_HTTP_TIMEOUT
              how long one HTTP request may take in all, redirects included
              values:  a number of seconds from 1 to 600
              default: 30
              secret:  no

        """), "\(result.stdout)")
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.allSatisfy { $0.count <= 80 && $0.allSatisfy(\.isASCII) }, "80 ASCII columns at most")
    let flat = result.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    for setting in registeredFeatures().flatMap({ $0.settings }) + AppConfiguration.settings {
      #expect(result.stdout.contains("\n  \(setting.variableList)\n"), "\(setting.variableList)")
      for text in [setting.meaning, "values: " + setting.values, "default: " + setting.defaultValue] {
        #expect(flat.contains(text.split(whereSeparator: \.isWhitespace).joined(separator: " ")), "\(text)")
      }
    }
  }

  #if FEATURE_SEARCH
    @Test func aSecretSettingSaysSo() async throws {
      let page = try await AppRunner.run(["help", "settings"]).stdout
      #expect(
        page.contains(
          """
          Read by app search:
            GITHUB_API_URL
                the GitHub REST API
                values:  an absolute http:// or https:// URL such as
                         https://example.com/api
                default: https://api.github.com
                secret:  no
            GH_TOKEN, then GITHUB_TOKEN
                GitHub token; sent only to GITHUB_API_URL, only over https (or http to
                loopback), never printed
                values:  the token alone, without spaces, line breaks or control
                         characters
                default: none
                secret:  yes: never printed, logged or stored

          """), "\(page)")
    }
  #endif

  @Test func settingsAloneIsTheSamePage() async throws {
    let help = try await AppRunner.run(["help", "settings"])
    let alone = try await AppRunner.run(["settings"])
    #expect(alone.status == 0 && alone.stderr == "")
    #expect(alone.stdout == help.stdout)
  }

  /// The man page is made from `--experimental-dump-help` (`swift package plugin generate-manual`): the settings
  /// command's discussion there is the page.
  @Test func theManualsSourceHoldsThePage() async throws {
    let page = try await AppRunner.run(["help", "settings"]).stdout
    let dump = try await AppRunner.run(["--experimental-dump-help"])
    #expect(dump.status == 0)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
    let command = try #require(object["command"] as? [String: Any])
    let subcommands = try #require(command["subcommands"] as? [[String: Any]])
    let settings = try #require(subcommands.first { $0["commandName"] as? String == "settings" })
    #expect(settings["discussion"] as? String == String(page.dropLast()))
  }

  /// The app builds its help pages only when the command line may show one: the settings command's own help, a
  /// command line the parser reads with `--help` in it, still holds the page.
  @Test func theSettingsCommandsOwnHelpHoldsThePage() async throws {
    let help = try await AppRunner.run(["settings", "--help"])
    #expect(help.status == 0)
    for line in ["Read by every command:", "  APP_HOME", "      directory of the app database (mode 0700, file 0600)"] {
      #expect(help.stdout.contains(line), "\(help.stdout)")
    }
  }

  @Test func helpPointsToThePage() async throws {
    let help = try await AppRunner.run(["--help"]).stdout
    let flat = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(flat.contains("See `app help settings` for what each does, takes and defaults to."), "\(help)")
    #expect(flat.contains("settings Show every setting: what it does, the values it takes, its default"), "\(help)")
  }
}
