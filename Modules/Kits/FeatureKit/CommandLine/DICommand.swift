import ArgumentParser
import DI
import Presenter

/// `app di`: inspect the app's dependency graph.
struct DICommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "di",
    abstract: "Check or draw the app's dependency-injection graph.",
    subcommands: [DICheckCommand.self, DIGraphCommand.self]
  )
}

/// `app di check`: resolve every registration and list every problem.
struct DICheckCommand: ContainerCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Resolve every registration once and report every missing, cyclic or duplicate one.",
    discussion: """
      Exits 0 when the graph is sound, 1 with every problem listed on standard error otherwise, each with the \
      file and line of the registrations involved ("registered at WeatherRepositoryAssembly.swift:42").
      """
  )

  func run(in context: CommandContext) async throws {
    let report = context.container.validate()
    guard report.isValid else {
      context.terminal.errors.line(report.description)
      throw UserFacingError(title: "the dependency graph has \(report.problems.count) problem(s); see above")
    }
    context.terminal.output.line(report.description)
  }
}

/// `app di graph`: print the dependency graph as DOT or Mermaid, each node in the module that registered it.
struct DIGraphCommand: ContainerCommand {
  static let configuration = CommandConfiguration(
    commandName: "graph",
    abstract: "Print the dependency graph (Graphviz DOT or Mermaid).",
    discussion: """
      Each registration is drawn inside a cluster of the module that registered it; missing keys are dashed. \
      Example: app di graph --format dot | dot -Tsvg > graph.svg
      """
  )

  @Option(help: "Output format: dot or mermaid.")
  var format: GraphFormat = .dot

  func run(in context: CommandContext) async throws {
    let report = context.container.validate()
    context.terminal.output.write(report.graph(format: format))
    if !report.isValid {
      context.terminal.errors.line(
        "warning: the graph has \(report.problems.count) problem(s); run `app di check` for details")
    }
  }
}

extension GraphFormat: ExpressibleByArgument {}
