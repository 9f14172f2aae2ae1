import CoursesUseCase

/// What a Courses screen's presenter is made with (its `Dependency` for `make(with:)`): the use case it reads,
/// the view it renders to, and the catalog the failures' hints speak of.
public struct CoursesScreenDependency<UseCase: Sendable, View: Sendable>: Sendable {
  /// The screen's use case, reading from where a cache policy allows.
  public let useCase: UseCase
  /// Where states are shown.
  public let view: View
  /// The catalog the data comes from.
  public let catalog: CoursesCatalog

  /// Creates the dependency.
  public init(useCase: UseCase, view: View, catalog: CoursesCatalog = .api) {
    self.useCase = useCase
    self.view = view
    self.catalog = catalog
  }
}
