import ArgumentParser
import FeatureKit

/// `app search`.
struct SearchCommand: ContainerCommand {
  static let configuration = CommandConfiguration(
    commandName: "search",
    abstract: "Search GitHub repositories, view one, star or unstar it."
  )

  func run(in context: CommandContext) async throws {
    context.terminal.errors.line("search: this build has the Search feature's command but not yet its screens.")
  }
}
