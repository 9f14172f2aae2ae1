import ArgumentParser
import DI
import Presenter

extension Application {
  /// Prints what stopped a command and returns its exit status.
  func report(failure error: Error) -> Int32 {
    switch error {
    case let failure as UserFacingError:
      terminal.errors.line(failure.report)
      return ExitStatus(failure.kind).rawValue
    case let error as AssemblyError:
      terminal.errors.line("error: the app could not be assembled: \(error)")
      return ExitStatus.failure.rawValue
    case let error as ResolutionError:
      terminal.errors.line("error: a dependency could not be built.\n\(error)")
      return ExitStatus.failure.rawValue
    default:
      return report(argumentError: error)
    }
  }

  /// Prints an argument parser outcome (help, version, usage error) and returns its status.
  func report(argumentError error: Error) -> Int32 {
    let code = root.exitCode(for: error)
    var message = root.fullMessage(for: error, columns: terminal.columns)
    // One style for every error the app prints: `error:` in lower case, as the commands' own errors.
    if message.hasPrefix("Error: ") { message = "error: " + message.dropFirst("Error: ".count) }
    if code == .success {
      if !message.isEmpty { terminal.output.line(message) }
    } else if !message.isEmpty {
      terminal.errors.line(message)
    }
    return code.rawValue
  }
}
