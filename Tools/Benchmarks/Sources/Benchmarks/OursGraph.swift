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

extension Name {
  /// The panels of the wide graph (case 6).
  static let feedPanel = Name("feed")
  static let profilePanel = Name("profile")
  static let searchPanel = Name("search")
  static let settingsPanel = Name("settings")
}

/// The wide graph of case 6, registered in this project's container: a store, and a query of it, per name.
struct WideGraphAssembly: Assembly {
  func assemble(into registrar: Registrar) {
    registrar.register(AppLogger.self, scope: .singleton) { _ in AppLogger() }
    registrar.register(AppClock.self, scope: .singleton) { _ in AppClock() }
    registrar.register(RecordMapper.self) { _ in RecordMapper() }
    for store in [Name.local, .remote, .benchCache, .benchMirror] {
      registrar.register(DataStore.self, name: store, scope: .singleton) { _ in DataStore(label: store.rawValue) }
      registrar.register(StoreQuery.self, name: store) { r in
        StoreQuery(store: try r.resolve(name: store), mapper: try r.resolve(), clock: try r.resolve())
      }
    }
    let panels: [(panel: Name, primary: Name, secondary: Name)] = [
      (.feedPanel, .remote, .benchCache), (.profilePanel, .local, .remote), (.searchPanel, .remote, .benchMirror),
      (.settingsPanel, .local, .benchCache),
    ]
    for (panel, primary, secondary) in panels {
      registrar.register(Panel.self, name: panel) { r in
        Panel(primary: try r.resolve(name: primary), secondary: try r.resolve(name: secondary), logger: try r.resolve())
      }
    }
    registrar.register(WideRoot.self) { r in
      WideRoot(
        feed: try r.resolve(name: .feedPanel), profile: try r.resolve(name: .profilePanel),
        search: try r.resolve(name: .searchPanel), settings: try r.resolve(name: .settingsPanel))
    }
  }
}
