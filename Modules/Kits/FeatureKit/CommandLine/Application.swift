import ArgumentParser
import DI
import Infrastructure
import Presenter
import Repository
import UseCase

/// The composition root: parses the command line, assembles the container, runs the command.
///
/// `main.swift` is one call to ``main(root:features:)``; tests call ``run(_:invalidUTF8:)`` with their own
/// environment, terminal and overrides, and get the exit status back. Each of the app's jobs around a command has
/// its own file: the process's start and end (`Application+Main`), the root command's help
/// (`Application+Help`), parsing (`Application+Parsing`), what a failure prints (`Application+Reporting`) and
/// the build-time graph check (`Application+GraphCheck`).
public struct Application {
  /// The root command type (generated from the registered features).
  let root: any ParsableCommand.Type
  /// The features the app was built with.
  let features: [any FeaturePlugin.Type]
  /// The environment configuration is read from.
  let environment: [String: String]
  /// Where output goes.
  let terminal: Terminal
  /// Registrations that replace the assembled ones, in every container this application builds.
  let overrides: (@Sendable (Registrar) -> Void)?

  /// An application of `features` under `root`, reading `environment` and writing to `terminal`.
  ///
  /// - Parameter overrides: registrations that replace the assembled ones (a test's clock or transport), through
  ///   the container's ``/DI/Container/overriding(_:)``; the rest of the command's path stays the app's own.
  public init(
    root: any ParsableCommand.Type, features: [any FeaturePlugin.Type], environment: [String: String],
    terminal: Terminal, overrides: (@Sendable (Registrar) -> Void)? = nil
  ) {
    self.root = root
    self.features = features
    self.environment = environment
    self.terminal = terminal
    self.overrides = overrides
  }

  /// The assemblies of the shared kits and of every layer of every feature, in no particular order.
  public func assemblies() -> [any Assembly] {
    let errors = terminal.errors
    let infrastructure = InfrastructureAssembly(environment: environment, diagnostics: Diagnostics { errors.line($0) })
    let names = AppFeatureNames(features.compactMap { $0.command.configuration.commandName })
    return [infrastructure, RepositoryAssembly(), UseCaseAssembly(), PresenterAssembly(), AppFeaturesAssembly(names)]
      + features.flatMap { $0.assemblies }
  }

  /// The container a command runs in: every assembly, assembled and frozen, with the overrides in place.
  ///
  /// - Throws: ``/DI/AssemblyError`` when the assemblies do not fit together.
  public func container() throws -> Container {
    let container = try Assembler(assemblies()).assemble()
    guard let overrides else { return container }
    return container.overriding(overrides)
  }

  /// Runs `arguments` (without the executable's name) and returns the exit status.
  ///
  /// - Parameter invalidUTF8: positions (from 1) of arguments whose raw bytes were not UTF-8.
  public func run(_ arguments: [String], invalidUTF8: [Int] = []) async -> Int32 {
    switch parse(arguments, invalidUTF8: invalidUTF8) {
    case .finished(let status):
      return status
    case .command(let command):
      switch start(command) {
      case .finished(let status): return status
      case .needsContainer(let command): return await execute(command)
      }
    }
  }

  /// Assembles the container and runs `command` in it; returns the exit status.
  func execute(_ command: any ContainerCommand) async -> Int32 {
    await run(command, prepared: prepare(command))
  }

  /// What ``prepare(_:startsOpening:)`` came to: the context `command` runs in, or the exit status of a command that
  /// cannot run.
  enum Preparation: Sendable {
    case ready(CommandContext)
    case finished(Int32)
  }

  /// Everything before a container command runs that needs no Swift concurrency: checks the settings it reads,
  /// assembles the container, and, for a command whose first step reads the database and with `startsOpening`,
  /// starts opening it on a thread of its own.
  ///
  /// Synchronous, so that `main` does it on its own thread while Swift concurrency starts its first threads; `main`
  /// then opens the database itself, once it has handed the command over (see ``opensEarly(_:)``).
  func prepare(_ command: any ContainerCommand, startsOpening: Bool = true) -> Preparation {
    // The settings the command reads are checked before anything is built, and every bad one is told at once: the
    // variable, what it holds (never a secret's value), what it must be, and what to do. Those are the app's own,
    // and its feature's unless the command is local; another feature's bad setting only takes away that feature's
    // part of a screen (its finder says why), and a command that reads no feature's settings never sees one.
    let reach = type(of: command).settingsReach
    let feature = reach == .local ? nil : Self.feature(owning: type(of: command), among: features)
    let problems =
      AppConfiguration.problems(in: environment)
      + SettingInfo.problems(of: feature?.settings ?? [], in: environment)
    guard problems.isEmpty else {
      for problem in problems { terminal.errors.line("error: \(problem)") }
      terminal.errors.line(Self.settingsPointer)
      return .finished(ExitStatus.usage.rawValue)
    }
    let app = feature == nil && reach != .everyFeature ? withoutUnusableFeatureSettings() : self
    do {
      let context = CommandContext(container: try app.container(), terminal: terminal, environment: app.environment)
      if startsOpening, Self.opensEarly(command) { context.openDatabaseEarly() }
      return .ready(context)
    } catch {
      return .finished(report(failure: error))
    }
  }

  /// Whether the database is opened before `command` asks for it: its first step reads it.
  static func opensEarly(_ command: any ContainerCommand) -> Bool {
    type(of: command).readsDatabaseFirst
  }

  /// Runs `command` as `preparation` prepared it; returns the exit status.
  func run(_ command: any ContainerCommand, prepared preparation: Preparation) async -> Int32 {
    switch preparation {
    case .finished(let status):
      return status
    case .ready(let context):
      do {
        try await command.run(in: context)
        return ExitStatus.success.rawValue
      } catch {
        return report(failure: error)
      }
    }
  }

  /// The line that ends every report of bad settings.
  static let settingsPointer = "See `\(AppInfo.name) help settings` for every setting and what it takes."

  /// The feature whose command tree holds `command`; `nil` for the app's own commands.
  static func feature(
    owning command: any ParsableCommand.Type, among features: [any FeaturePlugin.Type]
  ) -> (any FeaturePlugin.Type)? {
    features.first { holds($0.command, command) }
  }

  private static func holds(_ tree: any ParsableCommand.Type, _ command: any ParsableCommand.Type) -> Bool {
    ObjectIdentifier(tree) == ObjectIdentifier(command)
      || tree.configuration.subcommands.contains { holds($0, command) }
  }

  /// The same application with every feature setting it cannot use unset, for a command that reads none of them
  /// (`app di check` builds every registration, and must not fail on a token it never sends).
  func withoutUnusableFeatureSettings() -> Application {
    let unusable = features.flatMap { $0.settings }.filter { !SettingInfo.problems(of: [$0], in: environment).isEmpty }
    guard !unusable.isEmpty else { return self }
    var kept = environment
    for variable in unusable.flatMap(\.variables) { kept[variable] = nil }
    return Application(root: root, features: features, environment: kept, terminal: terminal, overrides: overrides)
  }

  /// What starting a parsed command came to: it ran (a command that needs no container, as `di`'s own commands,
  /// which build what they check), or it is a container command for ``execute(_:)``.
  enum Start {
    case finished(Int32)
    case needsContainer(any ContainerCommand)
  }

  /// Runs `command` when it needs no container and returns its exit status; hands a container command back.
  func start(_ command: any ParsableCommand) -> Start {
    do {
      var command = command
      try command.run()
      return .finished(ExitStatus.success.rawValue)
    } catch let request as ContainerRunRequest {
      return .needsContainer(request.command)
    } catch {
      return .finished(report(failure: error))
    }
  }
}
