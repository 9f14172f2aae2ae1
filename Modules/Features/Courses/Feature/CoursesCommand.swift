import ArgumentParser
import CoursesPresenter
import CoursesUseCase
import DI
import FeatureKit
import Presenter

/// `app courses`: the Courses home screen and the course commands.
struct CoursesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "courses",
    abstract: "Browse the course catalog: categories, recent, recommended and rankings.",
    discussion: """
      Without COURSES_API_URL the bundled demo catalog is used; a note on standard error says so on the first run \
      in an APP_HOME. Data is cached in APP_HOME for 15 minutes; when the Courses API cannot be reached, cached \
      content is shown with a warning. A smaller --recent-limit or --recommended-limit is served from a cached \
      longer list, and a course any cached screen shows can be stocked offline or while the API is down.
      """,
    subcommands: [
      CoursesHomeCommand.self, CourseShowCommand.self, CourseStockCommand.self, CourseUnstockCommand.self,
      CoursesStockedCommand.self,
    ],
    defaultSubcommand: CoursesHomeCommand.self
  )
}

/// The options of the commands that read Courses data name the Courses API.
extension CoursesCommand: SourceHelp {
  static let origin = "the Courses API"
}

/// `app courses [home]`: the home screen.
struct CoursesHomeCommand: ContainerCommand {
  static let configuration = CommandConfiguration(
    commandName: "home",
    abstract: "Show the home screen (the default): categories, recent, recommended and rankings."
  )

  /// The screen's first step is reading the cache.
  static let readsDatabaseFirst = true

  @OptionGroup var source: SourceOptions<CoursesCommand>

  @Option(name: .customLong("recent-limit"), help: "How many recent courses to show (1 to 100).")
  var recentLimit = GetMainUseCase.recentLimit

  @Option(name: .customLong("recommended-limit"), help: "How many recommended courses to show (1 to 100).")
  var recommendedLimit = GetMainUseCase.recommendedLimit

  func validate() throws {
    for (flag, value) in [("--recent-limit", recentLimit), ("--recommended-limit", recommendedLimit)]
    where !(1...100).contains(value) {
      throw ValidationError("\(flag) must be from 1 to 100, not \(value).")
    }
  }

  func run(in context: CommandContext) async throws {
    let factory = try context.container.resolve(Factory<any StateView<CoursesHomeViewState>, CoursesHomePresenter>.self)
    let view = CoursesHomeTerminalView(terminal: context.terminal, json: source.json)
    let state = await factory.make(view).read(
      recentLimit: recentLimit, recommendedLimit: recommendedLimit, policy: source.policy)
    if case .failure(let error) = state {
      throw error
    }
  }
}
