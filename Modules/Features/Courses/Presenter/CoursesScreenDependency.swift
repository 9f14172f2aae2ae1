import CoursesUseCase
import Presenter

/// What a Courses screen's presenter is made with: the use case it reads, the view it renders to, and the catalog
/// the failures' hints speak of.
public typealias CoursesScreenDependency<UseCase: Sendable, View: Sendable> = ScreenDependency<
  UseCase, View, CoursesCatalog
>

extension ScreenDependency where Wording == CoursesCatalog {
  /// The catalog the data comes from.
  public var catalog: CoursesCatalog { wording }

  /// Creates the dependency.
  public init(useCase: UseCase, view: View, catalog: CoursesCatalog = .api) {
    self.init(useCase: useCase, view: view, wording: catalog)
  }
}
