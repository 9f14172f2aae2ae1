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
public protocol ContainerCommand: ParsableCommand {
  /// Does the command's work.
  func run(in context: CommandContext) async throws
}
