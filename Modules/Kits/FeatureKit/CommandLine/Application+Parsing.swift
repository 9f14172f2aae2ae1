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
    let guide = CommandLineGuide(root: root)
    if let problem = ArgumentScreen.problem(in: arguments, invalidUTF8: invalidUTF8) {
      terminal.errors.line("error: \(problem)\n" + usage(of: guide.path(arguments).commands))
      return .finished(ExitStatus.usage.rawValue)
    }
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
      return .command(try parseAsRoot(arguments))
    } catch {
      // `--limit -1`: the parser takes `-1` for a flag; joined to its option, the command says the range.
      let joined = CommandLineGuide.joiningNegativeValues(arguments)
      guard joined != arguments else { return .finished(report(argumentError: error, arguments: arguments)) }
      do {
        return .command(try parseAsRoot(joined))
      } catch {
        return .finished(report(argumentError: error, arguments: joined))
      }
    }
  }

  /// The usage lines of the last of `commands` (the commands the leading words named, from the root down): the
  /// root's, or the command's own with its help.
  private func usage(of commands: [any ParsableCommand.Type]) -> String {
    guard commands.count > 1, let command = commands.last else {
      return "Usage: \(root.usageString())\n  See '\(AppInfo.name) --help' for the commands and their arguments."
    }
    let typed = commands.map(CommandLineGuide.name(of:)).joined(separator: " ")
    return "Usage: \(root.usageString(for: command))\n  See '\(typed) --help' for more information."
  }

  /// The root's parse of `arguments`; when none of them can ask for a completion script, without looking for one.
  ///
  /// Before it parses a line, ArgumentParser parses it twice more, as two commands of its own that take
  /// `--generate-completion-script`: about a third of what a usage error costs, for an option that every form of
  /// starts with those words. It skips that look for a root whose configuration names a command above it
  /// (`_superCommandName`, which only help and usage lines show), so while this parse runs a root built with
  /// ``parserView(of:)`` names one. Nothing is shown meanwhile: an error is only an error's values until
  /// ``report(argumentError:arguments:)`` words it, after the parse, with the root as it is.
  private func parseAsRoot(_ arguments: [String]) throws -> any ParsableCommand {
    guard !arguments.contains(where: { $0.hasPrefix(Self.completionOption) }) else {
      return try root.parseAsRoot(arguments)
    }
    return try Self.$parsesWithoutCompletionLook.withValue(true) { try root.parseAsRoot(arguments) }
  }

  /// The option every request of a completion script starts with (`--generate-completion-script[=shell]`).
  static let completionOption = "--generate-completion-script"

  /// Whether the parse running on this task or thread is of a line that cannot ask for a completion script.
  @TaskLocal static var parsesWithoutCompletionLook = false

  /// The root command's configuration as ArgumentParser is to see it: `built`, except while ``Application``
  /// parses a command line that cannot ask for a completion script, when it names a command above the root so that
  /// the parser does not look for one.
  ///
  /// A root whose configuration is a computed property returning this over a configuration it built once
  /// (``rootConfiguration(features:)``) parses faster; what every line prints is the same.
  public static func parserView(of built: CommandConfiguration) -> CommandConfiguration {
    guard parsesWithoutCompletionLook else { return built }
    var view = built
    view._superCommandName = built.commandName ?? AppInfo.name
    return view
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
