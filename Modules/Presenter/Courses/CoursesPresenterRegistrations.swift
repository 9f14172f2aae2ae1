import DI
import UseCase

extension PresenterAssembly {
  /// Registers the Courses presenters' factories.
  func registerCourses(into registrar: Registrar) {
    registrar.registerFactory(of: CoursesHomePresenter.self, argument: (any CoursesHomeView).self) { r in
      let getMain = try r.resolve(GetMainUseCase.self)
      let getMainLocal = try r.resolve(GetMainUseCase.self, name: .local)
      return { view in .init(getMain: getMain, getMainLocal: getMainLocal, view: view) }
    }
    registrar.registerFactory(of: CourseDetailPresenter.self, argument: (any CourseDetailView).self) { r in
      let getDetail = try r.resolve(GetCourseDetailUseCase.self)
      let getDetailLocal = try r.resolve(GetCourseDetailUseCase.self, name: .local)
      return { view in .init(getDetail: getDetail, getDetailLocal: getDetailLocal, view: view) }
    }
    registrar.registerFactory(of: StockPresenter.self, argument: (any StockView).self) { r in
      let stock = try r.resolve(StockCourseUseCase.self)
      let stockOffline = try r.resolve(StockCourseUseCase.self, name: .local)
      let unstock = try r.resolve(UnstockCourseUseCase.self)
      let list = try r.resolve(GetStockedCoursesUseCase.self)
      return { view in
        .init(stock: stock, stockOffline: stockOffline, unstock: unstock, list: list, view: view)
      }
    }
  }
}
