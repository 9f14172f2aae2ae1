import DI

extension UseCaseAssembly {
  /// Registers the Search feature's usecase types.
  func registerSearch(into registrar: Registrar) {}
}
