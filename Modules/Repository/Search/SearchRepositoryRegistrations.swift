import DI

extension RepositoryAssembly {
  /// Registers the Search feature's repository types.
  func registerSearch(into registrar: Registrar) {}
}
