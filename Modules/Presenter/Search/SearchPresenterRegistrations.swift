import DI

extension PresenterAssembly {
  /// Registers the Search feature's presenter types.
  func registerSearch(into registrar: Registrar) {}
}
