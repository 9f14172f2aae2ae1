import ArgumentParser
import DI
import Infrastructure
import Logging
import Presenter

extension Application {
  /// Prints what stopped a command and returns its exit status. A user-facing failure is made safe to print here,
  /// for every feature (`UserFacingError.printable`): an origin's text, or the user's, never breaks the report.
  func report(failure error: Error) -> Int32 {
    switch error {
    case let failure as UserFacingError:
      terminal.errors.line(failure.printable.report)
      return ExitStatus(failure.kind).rawValue
    case let error as AssemblyError:
      terminal.errors.line("error: the app could not be assembled: \(error)")
      return ExitStatus.failure.rawValue
    case let error as ResolutionError:
      return report(resolution: error)
    default:
      return report(argumentError: error)
    }
  }

  /// Prints a failed resolve and returns its exit status.
  ///
  /// A factory that read a bad value of a setting no feature declares (so the check before the command missed it)
  /// is a setting problem to the user: one plain line and exit 64, as for a declared setting; the container's
  /// chain follows only at `APP_LOG_LEVEL=debug` or `trace`. Any other failure is a wiring mistake, told in full.
  private func report(resolution error: ResolutionError) -> Int32 {
    guard let problem = error.settingProblem else {
      terminal.errors.line("error: a dependency could not be built.\n\(error)")
      return ExitStatus.failure.rawValue
    }
    terminal.errors.line("error: \(problem)")
    if AppLogging.level(in: environment) <= .debug {
      terminal.errors.line("debug: a factory read a setting no feature declares.\n\(error)")
    }
    return ExitStatus.usage.rawValue
  }

  /// Prints an argument parser outcome (help, version, usage error) and returns its status; `arguments`, the
  /// command line the parser failed on, if it did.
  func report(argumentError error: Error, arguments: [String] = []) -> Int32 {
    let code = root.exitCode(for: error)
    var message = root.fullMessage(for: error, columns: terminal.columns)
    // One style for every error the app prints: `error:` in lower case, as the commands' own errors.
    if message.hasPrefix("Error: ") { message = "error: " + message.dropFirst("Error: ".count) }
    let guide = CommandLineGuide(root: root)
    // The parser checks a command's values before it looks for options it does not know: an unknown option is
    // the first thing wrong (`app weather show --bogus` is not a missing id).
    if code != .success, !message.hasPrefix(CommandLineGuide.unknownOptionOpening),
      let unknown = guide.unknownOption(in: arguments)
    {
      message = unknown
    }
    message = CommandLineGuide.explainingJSONFieldList(in: message, arguments: arguments)
    message = guide.namingTypedCommand(in: CommandLineGuide.suggestingRootFlag(in: message), arguments: arguments)
    if code == .success {
      if !message.isEmpty { terminal.output.line(message) }
    } else if !message.isEmpty {
      terminal.errors.line(message)
    }
    return code.rawValue
  }
}
