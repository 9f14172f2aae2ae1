import CoursesUseCase
import DI
import Presenter
import UseCase

/// Registers the Courses presenters' factories.
public struct CoursesPresenterAssembly: Assembly {
  /// The presenters build on the Courses use cases and the presenter kit.
  public static let dependencies: [any Assembly.Type] = [CoursesUseCaseAssembly.self, PresenterAssembly.self]

  /// Made by `CoursesPlugin`, which hands the app every assembly of the slice.
  public init() {}

  /// Registers a factory per presenter: its use cases resolved at once, its view given when the command runs.
  public func assemble(into registrar: Registrar) {
    registrar.registerFactory(
      of: CoursesHomePresenter.self, argument: (any StateView<CoursesHomeViewState>).self
    ) { r in
      let getMain = try r.resolve(GetMainUseCase.self)
      let catalog = try r.resolve(CoursesCatalog.self)
      return { view in .init(useCase: getMain, view: view, catalog: catalog) }
    }
    registrar.registerFactory(
      of: CourseDetailPresenter.self, argument: (any StateView<CourseDetailViewState>).self
    ) { r in
      let getDetail = try r.resolve(CourseDetailUseCase.self)
      let catalog = try r.resolve(CoursesCatalog.self)
      return { view in .init(useCase: getDetail, view: view, catalog: catalog) }
    }
    registrar.registerFactory(of: StockPresenter.self, argument: (any StateView<StockViewState>).self) { r in
      let stock = try r.resolve(StockCourseUseCase.self)
      let catalog = try r.resolve(CoursesCatalog.self)
      return { view in .init(useCase: stock, view: view, catalog: catalog) }
    }
  }
}
