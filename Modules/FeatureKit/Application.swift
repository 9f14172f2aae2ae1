import ArgumentParser
import DI
import Foundation
import Infrastructure
import Logging
import Presenter
import Repository
import UseCase

/// The composition root: parses the command line, assembles the container, runs the command.
///
/// `main.swift` is one call to ``main(root:features:)``; tests call ``run(_:)`` with their own
/// environment and terminal and get the exit status back.
public struct Application {
  /// The root command type (generated from the registered features).
  let root: any ParsableCommand.Type
  /// The features the app was built with.
  let features: [any FeaturePlugin.Type]
  /// The environment configuration is read from.
  let environment: [String: String]
  /// Where output goes.
  let terminal: Terminal

  /// Creates an application.
  public init(
    root: any ParsableCommand.Type, features: [any FeaturePlugin.Type], environment: [String: String],
    terminal: Terminal
  ) {
    self.root = root
    self.features = features
    self.environment = environment
    self.terminal = terminal
  }

  /// Runs the process: sets up logging, runs the command line, and exits with its status.
  ///
  /// Only a command that needs the container starts Swift concurrency's executors: `--version`, `--help`, usage
  /// errors and the synchronous commands run on the main thread alone, which is most of what they cost.
  public static func main(root: any ParsableCommand.Type, features: [any FeaturePlugin.Type]) -> Never {
    // A reader that leaves (`| head -1`) makes writes fail with EPIPE, noted by the sink, instead of a signal.
    signal(SIGPIPE, SIG_IGN)
    // Ctrl-C ends the app with 130 as before, but first erases a spinner's line on a terminal.
    signal(SIGINT, interrupted)
    if let reason = StandardOutput.unusableAtStart() {
      TextSink.standardError.line("error: could not write the output: \(reason)")
      _exit(ExitStatus.failure.rawValue)
    }
    let arguments = Array(CommandLine.arguments.dropFirst())
    let invalidUTF8 = invalidUTF8Arguments()
    // `--version` alone needs nothing the rest sets up; even building the environment's dictionary costs a
    // look-up of `String`'s conformances across the whole binary.
    if arguments == ["--version"], invalidUTF8.isEmpty {
      TextSink.standardOutput.line(versionLine)
      end(ExitStatus.success.rawValue)
    }
    let environment = processEnvironment()
    LoggingSystem.bootstrap { label in
      var handler = StreamLogHandler.standardError(label: label)
      // A bad APP_LOG_LEVEL is reported when the command reads the configuration.
      handler.logLevel = (try? AppConfiguration(environment: environment))?.logLevel ?? .warning
      return handler
    }
    let app = Application(
      root: root, features: features, environment: environment, terminal: .standard(environment: environment))
    switch app.parse(arguments, invalidUTF8: invalidUTF8) {
    case .finished(let status):
      end(status)
    case .command(let command as any ContainerCommand):
      let pending = PendingCommand(app: app, command: command)
      Task { end(await pending.app.execute(pending.command)) }
      dispatchMain()
    case .command(let command):
      end(app.execute(command))
    }
  }

  /// Ends the process with `status`, without exit-time handlers.
  ///
  /// The TLS library frees its global state in one, and a transfer thread that is still tearing down a refused
  /// connection then touches freed memory (the process crashed with SIGSEGV after a certificate error). The app
  /// writes through write(2); stdio is flushed for anything else. SQLite stays consistent however a process ends
  /// (make stress kills it with SIGKILL mid-refresh).
  private static func end(_ status: Int32) -> Never {
    ProcessEnd.runNormalEndActions()
    fflush(nil)
    let outcome = StandardOutput.outcome(of: status)
    if let message = outcome.message { TextSink.standardError.line(message) }
    _exit(outcome.status)
  }

  /// The configuration of the root command: every feature's command, then the built-in ones.
  public static func rootConfiguration(features: [any FeaturePlugin.Type]) -> CommandConfiguration {
    let examples = features.flatMap { $0.examples } + [("di check", "validate the whole dependency graph")]
    let width = examples.map(\.command.count).max() ?? 0
    let exampleLines = examples.map {
      "  app \($0.command)\(String(repeating: " ", count: width - $0.command.count))  \($0.meaning)"
    }
    return CommandConfiguration(
      commandName: AppInfo.name,
      abstract: "A modular app: every feature is a module that assembles itself into one container.",
      discussion: """
        Examples:
        \(exampleLines.joined(separator: "\n"))

        \(environmentHelp(features: features))

        Exit status: 0 success (also when stale cached content is shown), 1 failure, \
        4 authentication required, 64 usage error.
        """,
      version: versionLine,
      subcommands: features.map { $0.command } + [CacheCommand.self, DICommand.self]
    )
  }

  /// What `app --version` prints.
  public static let versionLine = "\(AppInfo.name) version \(AppInfo.version)"

  /// Every feature's settings, then the app's own and the terminal's, as one sentence.
  static func environmentHelp(features: [any FeaturePlugin.Type]) -> String {
    let settings = features.flatMap { $0.settings } + AppConfiguration.settings
    let names = settings.compactMap { setting -> String? in
      guard let first = setting.variables.first else { return nil }
      let others = setting.variables.dropFirst()
      return first + (others.isEmpty ? "" : " (or \(others.joined(separator: ", ")))")
    }
    return "Environment: \((names + ["NO_COLOR"]).joined(separator: ", ")). See the README for what each does."
  }

  /// The assemblies of the shared kits and of every layer of every feature, in no particular order.
  public func assemblies() -> [any Assembly] {
    let errors = terminal.errors
    let infrastructure = InfrastructureAssembly(environment: environment, diagnostics: Diagnostics { errors.line($0) })
    let names = AppFeatureNames(features.compactMap { $0.command.configuration.commandName })
    return [infrastructure, RepositoryAssembly(), UseCaseAssembly(), PresenterAssembly(), AppFeaturesAssembly(names)]
      + features.flatMap { $0.assemblies }
  }

  /// The environment the build-time graph check assembles the app in: every setting unset but `APP_HOME`, so that
  /// nothing in the user's environment changes the result. Validating does no I/O, so the directory need not exist.
  public static let graphCheckEnvironment = ["APP_HOME": "/nonexistent/modular-app-graph-check"]

  /// Assembles the app built with `features` in ``graphCheckEnvironment`` and validates every registration.
  ///
  /// - Throws: ``AssemblyError`` when the assemblies themselves do not fit together.
  public static func validateGraph(features: [any FeaturePlugin.Type]) throws -> ValidationReport {
    let silent = Terminal(output: TextSink { _ in }, errors: TextSink { _ in })
    let app = Application(
      root: DICommand.self, features: features, environment: graphCheckEnvironment, terminal: silent)
    return try Assembler(app.assemblies()).assemble().validate()
  }

  /// Runs `arguments` (without the executable's name) and returns the exit status.
  ///
  /// - Parameter invalidUTF8: positions (from 1) of arguments whose raw bytes were not UTF-8.
  public func run(_ arguments: [String], invalidUTF8: [Int] = []) async -> Int32 {
    switch parse(arguments, invalidUTF8: invalidUTF8) {
    case .finished(let status):
      return status
    case .command(let command as any ContainerCommand):
      return await execute(command)
    case .command(let command):
      return execute(command)
    }
  }

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
    if let problem = ArgumentScreen.problem(in: arguments, invalidUTF8: invalidUTF8) {
      terminal.errors.line(
        "error: \(problem)\nUsage: \(root.usageString())\n  See '\(AppInfo.name) --help' for the commands and their arguments."
      )
      return .finished(ExitStatus.usage.rawValue)
    }
    let guide = CommandLineGuide(root: root)
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
      guard joined != arguments else { return .finished(report(argumentError: error)) }
      do {
        return .command(try root.parseAsRoot(joined))
      } catch {
        return .finished(report(argumentError: error))
      }
    }
  }

  /// The answer to a request of the root command that needs no parsing: `--help` (or `-h`) and
  /// `--generate-completion-script <shell>`, each alone. The same text the argument parser prints. (`--version`
  /// alone is answered earlier still, by ``main(root:features:)``.)
  ///
  /// A parse reflects over the parser's built-in options before anything else, and the first use of each type it
  /// inspects looks the type's protocol conformances up in the whole binary: most of what these requests cost.
  /// Every other command line, these requests with anything more included, goes through the parser.
  private func answerWithoutParsing(_ arguments: [String]) -> String? {
    switch arguments {
    case ["--help"], ["-h"]:
      return root.helpMessage(columns: terminal.columns)
    case _ where arguments.count == 2 && arguments[0] == "--generate-completion-script":
      return CompletionShell(rawValue: arguments[1]).map { root.completionScript(for: $0) }
    default:
      return nil
    }
  }

  /// Assembles the container and runs `command` in it; returns the exit status.
  func execute(_ command: any ContainerCommand) async -> Int32 {
    // Every setting is checked before anything is built, and every bad one is told at once: the variable, what
    // it holds (never a secret's value), what it must be, and what to do.
    let problems =
      AppConfiguration.problems(in: environment)
      + SettingInfo.problems(of: features.flatMap { $0.settings }, in: environment)
    guard problems.isEmpty else {
      for problem in problems { terminal.errors.line("error: \(problem)") }
      terminal.errors.line("See `app --help` for every setting and what it takes.")
      return ExitStatus.usage.rawValue
    }
    do {
      let container = try Assembler(assemblies()).assemble()
      try await command.run(in: CommandContext(container: container, terminal: terminal, environment: environment))
      return ExitStatus.success.rawValue
    } catch {
      return report(failure: error)
    }
  }

  /// Runs a command that needs no container (`di`'s own commands build what they check); returns the exit status.
  func execute(_ command: any ParsableCommand) -> Int32 {
    do {
      var command = command
      try command.run()
      return ExitStatus.success.rawValue
    } catch {
      return report(failure: error)
    }
  }

  /// Prints what stopped a command and returns its exit status.
  private func report(failure error: Error) -> Int32 {
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
  private func report(argumentError error: Error) -> Int32 {
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

/// A parsed command on its way from the main thread to the task that runs it; neither side touches it afterwards.
private struct PendingCommand: @unchecked Sendable {
  let app: Application
  let command: any ContainerCommand
}

/// The process's environment, read from `environ` directly: `ProcessInfo`'s copy sets up Foundation's process
/// state first, which cost a command that needs nothing else of it a third of a millisecond. Where a name occurs
/// twice, the first value counts, as for `getenv`. Entries that are not UTF-8 are decoded with replacement
/// characters.
private func processEnvironment() -> [String: String] {
  var environment: [String: String] = [:]
  var entry = environ
  while let pointer = entry.pointee {
    let text = String(decoding: UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)), as: UTF8.self)
    if let equals = text.firstIndex(of: "="), environment[String(text[..<equals])] == nil {
      environment[String(text[..<equals])] = String(text[text.index(after: equals)...])
    }
    entry += 1
  }
  return environment
}

/// The positions (from 1) of the process's arguments whose bytes are not valid UTF-8.
private func invalidUTF8Arguments() -> [Int] {
  (1..<Int(CommandLine.argc)).filter { index in
    guard let argument = CommandLine.unsafeArgv[index] else { return false }
    return String(validatingCString: argument) == nil
  }
}

/// The SIGINT handler: erases the current line of standard error when it is a terminal (where a spinner may be
/// drawing; every other diagnostic ends its line), then ends the process with 128 + SIGINT. Only async-signal-safe
/// calls.
private func interrupted(_ signal: Int32) {
  if isatty(2) == 1 {
    // A static string: no allocation in a signal handler.
    let erase: StaticString = "\r\u{1B}[2K"
    _ = write(2, erase.utf8Start, erase.utf8CodeUnitCount)
  }
  _exit(128 + signal)
}
