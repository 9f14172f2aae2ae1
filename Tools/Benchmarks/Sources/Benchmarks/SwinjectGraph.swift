import Swinject

/// A value that may cross threads because its owner says so: Swinject's resolver is not `Sendable`,
/// but its synchronized resolver is documented as safe to share.
struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value
}

/// The benchmark graph, registered in Swinject 2.10.0 as its users would.
///
/// Transient types use `.transient` (Swinject's default, `.graph`, does more work per resolve and would
/// not be the same semantics); singletons use `.container`.
struct SwinjectGraphAssembly: Swinject.Assembly {
  // Swinject resolves to optionals and its users force-unwrap them, as here; `DIBenchmarks` checks every
  // registration resolves before anything is timed.
  // swift-format-ignore: NeverForceUnwrap
  func assemble(container: Swinject.Container) {
    container.register(Settings.self) { _ in Settings() }.inObjectScope(.container)
    for name in RepositoryNames.all {
      container.register(Repository.self, name: name) { _ in Repository(label: name) }.inObjectScope(.container)
    }
    container.register(Leaf1.self) { _ in Leaf1() }.inObjectScope(.transient)
    container.register(Leaf2.self) { _ in Leaf2() }.inObjectScope(.transient)
    container.register(Leaf3.self) { _ in Leaf3() }.inObjectScope(.transient)
    container.register(ServiceA.self) { r in
      ServiceA(first: r.resolve(Leaf1.self)!, second: r.resolve(Leaf2.self)!)
    }.inObjectScope(.transient)
    container.register(ServiceB.self) { r in ServiceB(leaf: r.resolve(Leaf3.self)!) }.inObjectScope(.transient)
    container.register(Root.self) { r in
      Root(a: r.resolve(ServiceA.self)!, b: r.resolve(ServiceB.self)!)
    }.inObjectScope(.transient)
  }
}

/// The wide graph of case 6, registered in Swinject 2.10.0 as its users would, with the same names.
struct SwinjectWideGraphAssembly: Swinject.Assembly {
  // swift-format-ignore: NeverForceUnwrap
  func assemble(container: Swinject.Container) {
    container.register(AppLogger.self) { _ in AppLogger() }.inObjectScope(.container)
    container.register(AppClock.self) { _ in AppClock() }.inObjectScope(.container)
    container.register(RecordMapper.self) { _ in RecordMapper() }.inObjectScope(.transient)
    for store in WideNames.stores {
      container.register(DataStore.self, name: store) { _ in DataStore(label: store) }.inObjectScope(.container)
      container.register(StoreQuery.self, name: store) { r in
        StoreQuery(
          store: r.resolve(DataStore.self, name: store)!, mapper: r.resolve(RecordMapper.self)!,
          clock: r.resolve(AppClock.self)!)
      }.inObjectScope(.transient)
    }
    let panels = [
      ("feed", "remote", "cache"), ("profile", "local", "remote"), ("search", "remote", "mirror"),
      ("settings", "local", "cache"),
    ]
    for (panel, primary, secondary) in panels {
      container.register(Panel.self, name: panel) { r in
        Panel(
          primary: r.resolve(StoreQuery.self, name: primary)!, secondary: r.resolve(StoreQuery.self, name: secondary)!,
          logger: r.resolve(AppLogger.self)!)
      }.inObjectScope(.transient)
    }
    container.register(WideRoot.self) { r in
      WideRoot(
        feed: r.resolve(Panel.self, name: "feed")!, profile: r.resolve(Panel.self, name: "profile")!,
        search: r.resolve(Panel.self, name: "search")!, settings: r.resolve(Panel.self, name: "settings")!)
    }.inObjectScope(.transient)
  }
}

/// Swinject's container with the wide graph of case 6, behind `synchronize()` like case 2's.
func makeSwinjectWideResolver() -> UncheckedSendable<any Swinject.Resolver> {
  let container = Swinject.Container()
  SwinjectWideGraphAssembly().assemble(container: container)
  return UncheckedSendable(value: container.synchronize())
}

/// Swinject's container with the graph, behind `synchronize()` (needed to resolve from several threads).
func makeSwinjectResolver() -> UncheckedSendable<any Swinject.Resolver> {
  let container = Swinject.Container()
  SwinjectGraphAssembly().assemble(container: container)
  return UncheckedSendable(value: container.synchronize())
}
