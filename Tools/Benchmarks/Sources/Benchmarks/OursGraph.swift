import DI

extension Name {
  /// Extra names for case 3, next to `.local` and `.remote`.
  static let benchCache = Name("cache")
  static let benchMirror = Name("mirror")
}

/// The benchmark graph, registered in this project's container.
struct GraphAssembly: Assembly {
  func assemble(into registrar: Registrar) {
    registrar.register(Settings.self, scope: .singleton) { _ in Settings() }
    for name in [Name.local, .remote, .benchCache, .benchMirror] {
      registrar.register(Repository.self, name: name, scope: .singleton) { _ in Repository(label: name.rawValue) }
    }
    registrar.register(Leaf1.self) { _ in Leaf1() }
    registrar.register(Leaf2.self) { _ in Leaf2() }
    registrar.register(Leaf3.self) { _ in Leaf3() }
    registrar.register(ServiceA.self) { r in ServiceA(first: try r.resolve(), second: try r.resolve()) }
    registrar.register(ServiceB.self) { r in ServiceB(leaf: try r.resolve()) }
    registrar.register(Root.self) { r in Root(a: try r.resolve(), b: try r.resolve()) }
  }
}
