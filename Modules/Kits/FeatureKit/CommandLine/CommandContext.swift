import ArgumentParser
import DI

/// What a command gets to do its work: the assembled container and the terminal.
public struct CommandContext: Sendable {
  /// The app's container, assembled and frozen.
  public let container: Container
  /// Where output and diagnostics go, and what the terminal can show.
  public let terminal: Terminal
  /// The environment the app was started with.
  public let environment: [String: String]

  /// Creates a context.
  public init(container: Container, terminal: Terminal, environment: [String: String]) {
    self.container = container
    self.terminal = terminal
    self.environment = environment
  }
}

/// A command that runs with the app's container, instead of reaching for a global.
///
/// The app parses arguments with swift-argument-parser, assembles the container, and then calls
/// ``run(in:)`` on the parsed command. Commands with subcommands only need a configuration.
///
/// The app tells a container command from another parsed command, and a local one from a feature's, by asking the
/// command (its `run()` hands it over, its ``settingsReach`` says which settings it reads), not by a cast to a
/// protocol: the first such cast of a type reads through every protocol conformance in the binary.
public protocol ContainerCommand: ParsableCommand {
  /// Does the command's work.
  func run(in context: CommandContext) async throws

  /// Which settings the app checks before the command runs: ``LocalCommand`` and ``EveryFeatureCommand`` say
  /// theirs; every other container command reads its feature's.
  static var settingsReach: SettingsReach { get }

  /// Whether the command's first step reads the database (a screen that shows the cache first): the app then opens
  /// it before the command asks, on the main thread once the command is handed to the task that runs it (on a thread
  /// of its own in ``Application/run(_:invalidUTF8:)``). `false` unless the command says so.
  static var readsDatabaseFirst: Bool { get }
}

/// Which settings a container command reads, and so which ones the app checks before it runs.
public enum SettingsReach: Sendable {
  /// The app's own and the command's feature's (a feature's command that asks its origin).
  case feature
  /// The app's own alone (``LocalCommand``).
  case local
  /// The app's own, with every feature's as given (``EveryFeatureCommand``).
  case everyFeature
}

extension ContainerCommand {
  /// A feature's command reads its feature's settings.
  public static var settingsReach: SettingsReach { .feature }

  /// Most commands do not say that their first step reads the database.
  public static var readsDatabaseFirst: Bool { false }

  /// ArgumentParser's entry point, which the app calls on every parsed command: a container command hands itself
  /// to the app (``ContainerRunRequest``), which assembles the container and calls ``run(in:)``.
  public mutating func run() throws {
    throw ContainerRunRequest(command: self)
  }
}

/// A container command handed to the app by its `run()`, to be run in a container. Unchecked: the parsed command
/// goes from the parse to the run, and neither side touches it afterwards (as with the pending command of `Application.main`).
struct ContainerRunRequest: Error, @unchecked Sendable {
  let command: any ContainerCommand
}
