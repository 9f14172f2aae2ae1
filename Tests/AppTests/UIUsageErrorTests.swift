#if FEATURE_COURSES
  import Foundation
  import Reliability
  import TestScheduling
  import TestSupport
  import Testing

  /// `app ui` checks what follows the feature's name as the line commands check their arguments: a word or an
  /// option the feature's first screen does not take is a usage error (exit 64) naming it, said before the
  /// terminal is taken, whether or not there is a terminal to take.
  @Suite(.untimed) struct UIUsageErrorTests {
    static let home = FileManager.default.temporaryDirectory.appendingPathComponent("ui-usage-\(UUID().uuidString)")
      .path

    /// The usage of `app ui` itself, under an error that names no feature's screens.
    static let uiUsage =
      "Usage: app ui [--offline] [<feature> [<args> ...]]\n  See 'app ui --help' for the features and what each takes.\n"
    static let coursesUsage =
      "Usage: app ui [--offline] courses\n  See 'app ui --help' for the features and what each takes.\n"

    static var cases: [(arguments: [String], stderr: String)] {
      var cases: [(arguments: [String], stderr: String)] = [
        (
          ["ui", "courses", "extra"],
          "error: Unexpected argument 'extra': app ui courses takes no arguments\n" + coursesUsage
        ),
        (
          ["ui", "courses", "--bogus"],
          "error: Unknown option '--bogus': app ui courses takes no arguments\n" + coursesUsage
        ),
        (
          ["ui", "--offline", "courses", "-x"],
          "error: Unknown option '-x': app ui courses takes no arguments\n" + coursesUsage
        ),
        // After a `--` a word is the feature's, and Courses takes none.
        (
          ["ui", "courses", "--", "--bogus"],
          "error: Unexpected argument '--bogus': app ui courses takes no arguments\n" + coursesUsage
        ),
        (
          ["ui", "nosuch"],
          "error: no feature named 'nosuch' has screens; those that have: "
            + (["courses"] + (searchIsBuilt ? ["search"] : [])).joined(separator: ", ") + "\n" + uiUsage
        ),
        (
          // A command of the app is not a feature: the same usage line as every other `app ui` usage error.
          ["ui", "sync"],
          "error: no feature named 'sync' has screens; those that have: "
            + (["courses"] + (searchIsBuilt ? ["search"] : [])).joined(separator: ", ") + "\n" + uiUsage
        ),
      ]
      if searchIsBuilt {
        cases.append(
          (
            ["ui", "search", "swift", "--bogus"],
            "error: Unknown option '--bogus': app ui search takes no options; a query that begins with '-' goes "
              + "after --, as in app ui search -- --bogus\n"
              + "Usage: app ui [--offline] search [<query> ...]\n"
              + "  See 'app ui --help' for the features and what each takes.\n"
          ))
      }
      return cases
    }

    static var searchIsBuilt: Bool {
      #if FEATURE_SEARCH
        true
      #else
        false
      #endif
    }

    /// Without a terminal the argument is still what is wrong: it is said before the terminal is even looked for.
    @Test(arguments: cases.indices)
    func aBadArgumentIsAUsageErrorNamingIt(index: Int) async throws {
      let (arguments, stderr) = Self.cases[index]
      let result = try await AppRunner.run(arguments, environment: ["APP_HOME": Self.home, "TERM": "xterm-256color"])
      #expect(result.status == 64, "\(arguments): \(result.stderr)")
      #expect(result.stderr == stderr, "\(arguments)")
      #expect(result.stdout == "", "nothing drawn, not even an escape sequence")
    }

    /// On a real terminal, where `app ui courses` opens its screens, `app ui courses extra` says what is wrong and
    /// leaves the terminal alone: not one escape sequence, and its settings as they were.
    @Test(arguments: [0, 1])
    func onARealTerminalTheTerminalIsNeverTaken(index: Int) async throws {
      let (arguments, stderr) = Self.cases[index]
      let exit = try await PseudoTerminal.offPool {
        let terminal = try PseudoTerminal.start(
          AppRunner.executable.path, arguments: arguments,
          environment: [
            "PATH": "/usr/bin:/bin", "HOME": Self.home, "APP_HOME": Self.home, "LANG": "C.UTF-8",
            "TERM": "xterm-256color",
          ])
        let exit = try terminal.waitForExit(timeout: .seconds(60))
        return (exit, terminal.settingsBefore)
      }
      #expect(exit.0.status == 64 && !exit.0.signaled && !exit.0.timedOut)
      // The terminal turns each newline into a carriage return and a newline.
      #expect(
        String(decoding: exit.0.output, as: UTF8.self) == stderr.replacingOccurrences(of: "\n", with: "\r\n"))
      #expect(!exit.0.output.contains(0x1B), "no escape sequence: neither the alternate screen nor a hidden cursor")
      #expect(exit.0.settingsAfter == exit.1, "the terminal's settings untouched")
    }

    #if FEATURE_SEARCH
      /// After a `--` a word that begins with `-` is the query's: the arguments pass, and what stops the run is the
      /// missing terminal.
      @Test func aQueryAfterTwoDashesMayBeginWithADash() async throws {
        let result = try await AppRunner.run(["ui", "search", "--", "-foo"], environment: ["APP_HOME": Self.home])
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(
          result.stderr.hasPrefix("error: app ui needs an interactive terminal"), "no usage error: \(result.stderr)")
      }
    #endif

    @Test func helpNamesTheFeaturesToStartInAndWhatEachTakes() async throws {
      let result = try await AppRunner.run(["ui", "--help"], environment: ["APP_HOME": Self.home])
      #expect(result.status == 0)
      #expect(result.stderr == "")
      #expect(result.stdout.contains("The features to start in, and what each takes after its name"))
      #expect(result.stdout.contains("\n  app ui [--offline] courses\n"), "\(result.stdout)")
      #if FEATURE_SEARCH
        #expect(result.stdout.contains("\n  app ui [--offline] search [<query> ...]\n"), "\(result.stdout)")
      #endif
    }

    @Test func theAppsHelpHasAnExampleOfAppUI() async throws {
      let result = try await AppRunner.run(["--help"], environment: ["APP_HOME": Self.home])
      #expect(result.status == 0)
      let examples = result.stdout.split(separator: "\n").map(String.init)
      #expect(
        examples.contains { $0.hasPrefix("  app ui ") && $0.hasSuffix("the features' screens, live on the terminal") },
        "\(result.stdout)")
    }
  }
#endif
