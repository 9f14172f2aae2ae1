import DI

extension PresenterAssembly {
  /// Registers the Courses feature's presenter types.
  func registerCourses(into registrar: Registrar) {}
}
