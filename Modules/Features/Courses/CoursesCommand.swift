import ArgumentParser
import FeatureKit

/// `app courses`.
struct CoursesCommand: ContainerCommand {
  static let configuration = CommandConfiguration(
    commandName: "courses",
    abstract: "Browse the course catalog: categories, recent, recommended and rankings."
  )

  func run(in context: CommandContext) async throws {
    context.terminal.errors.line("courses: this build has the Courses feature's command but not yet its screens.")
  }
}
