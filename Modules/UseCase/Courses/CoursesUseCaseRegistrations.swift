import DI

extension UseCaseAssembly {
  /// Registers the Courses feature's usecase types.
  func registerCourses(into registrar: Registrar) {}
}
