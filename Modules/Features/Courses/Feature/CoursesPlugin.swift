import ArgumentParser
import CoursesInterface
import CoursesPresenter
import CoursesRepository
import CoursesUseCase
import DI
import FeatureKit
import Infrastructure
import Presenter

/// The Courses feature: `app courses`.
public enum CoursesPlugin: FeaturePlugin {
  /// One assembly per layer of the feature.
  public static var assemblies: [any Assembly] {
    [CoursesRepositoryAssembly(), CoursesUseCaseAssembly(), CoursesPresenterAssembly(), CoursesFeatureAssembly()]
  }
  /// What the feature reads from the environment.
  public static var settings: [SettingInfo] { CoursesSettings.all }
  /// Command lines for `app --help`.
  public static var examples: [(command: String, meaning: String)] {
    [("courses", "the Courses home screen"), ("courses show c02 --json", "one course, as JSON")]
  }
  /// `app courses` and its subcommands.
  public static var command: any ParsableCommand.Type { CoursesCommand.self }
  /// `app ui courses` takes nothing after the name.
  public static var screenArguments: ScreenArguments? { .nothing }
  /// The home screen, and the course detail under the route `course`, which the home and other features' screens
  /// open; each screen gets its own presenter's factory.
  public static func screens(in context: ScreenContext) -> (@Sendable ([String]) throws -> any InteractiveScreen)? {
    let container = context.command.container
    let made = Result {
      (
        kit: try CoursesScreenKit(context),
        home: try container.resolve(Factory<any StateView<CoursesHomeViewState>, CoursesHomePresenter>.self),
        detail: try container.resolve(Factory<any StateView<CourseDetailViewState>, CourseDetailPresenter>.self)
      )
    }
    if case .success(let made) = made {
      context.routes.add(CoursesRoutes.course) { CourseDetailScreen(presenter: made.detail, kit: made.kit, id: $0) }
    }
    return { _ in
      let made = try made.get()
      return CoursesHomeScreen(presenter: made.home, kit: made.kit)
    }
  }
}
