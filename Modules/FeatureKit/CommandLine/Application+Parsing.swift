import ArgumentParser
import Infrastructure

extension Application {
  /// What parsing a command line came to: a command to run, or an outcome already printed (help, version, a
  /// usage error) with its exit status.
  enum Parsed {
    case command(any ParsableCommand)
    case finished(Int32)
  }

  /// Screens and parses `arguments`; prints help, the version or a usage error itself.
  func parse(_ arguments: [String], invalidUTF8: [Int]) -> Parsed {
    if invalidUTF8.isEmpty, let answer = answerWithoutParsing(arguments) {
      terminal.output.line(answer)
      return .finished(ExitStatus.success.rawValue)
    }
    if invalidUTF8.isEmpty, let request = CompletionScript.shell(requestedBy: arguments, environment: environment) {
      switch request {
      case .success(let shell):
        terminal.output.line(CompletionScript(root: root).text(for: shell))
        return .finished(ExitStatus.success.rawValue)
      case .failure(let problem):
        terminal.errors.line(problem.message)
        return .finished(ExitStatus.usage.rawValue)
      }
    }
    if let problem = ArgumentScreen.problem(in: arguments, invalidUTF8: invalidUTF8) {
      terminal.errors.line(
        "error: \(problem)\nUsage: \(root.usageString())\n  See '\(AppInfo.name) --help' for the commands and their arguments."
      )
      return .finished(ExitStatus.usage.rawValue)
    }
    let guide = CommandLineGuide(root: root)
    if let problem = guide.misplacedVersion(in: arguments) {
      terminal.errors.line(problem)
      return .finished(ExitStatus.usage.rawValue)
    }
    if let help = guide.helpText(for: arguments, columns: terminal.columns) {
      terminal.output.line(help)
      return .finished(ExitStatus.success.rawValue)
    }
    if let problem = guide.unknownSubcommand(in: arguments) {
      terminal.errors.line(problem)
      return .finished(ExitStatus.usage.rawValue)
    }
    do {
      return .command(try root.parseAsRoot(arguments))
    } catch {
      // `--limit -1`: the parser takes `-1` for a flag; joined to its option, the command says the range.
      let joined = CommandLineGuide.joiningNegativeValues(arguments)
      guard joined != arguments else { return .finished(report(argumentError: error, arguments: arguments)) }
      do {
        return .command(try root.parseAsRoot(joined))
      } catch {
        return .finished(report(argumentError: error, arguments: joined))
      }
    }
  }

  /// The answer to a request of the root command that needs no parsing: `--help` (or `-h`), alone, the same text
  /// the argument parser prints; and the settings page, `help settings` or `settings`, which the parser's `help`
  /// would print under a usage line; `--version` (alone, it is answered earlier still, by ``main(root:features:)``),
  /// which only the root takes. (`--generate-completion-script` is answered by ``CompletionScript``.)
  ///
  /// A parse reflects over the parser's built-in options before anything else, and the first use of each type it
  /// inspects looks the type's protocol conformances up in the whole binary: most of what these requests cost.
  /// Every other command line, these requests with anything more included, goes through the parser.
  private func answerWithoutParsing(_ arguments: [String]) -> String? {
    switch arguments {
    case ["--help"], ["-h"]:
      return root.helpMessage(columns: terminal.columns)
    case ["--version"]:
      return Application.versionLine
    case ["help", SettingsCommand.name], [SettingsCommand.name]:
      return SettingsPage(features: features).text
    default:
      return nil
    }
  }
}
