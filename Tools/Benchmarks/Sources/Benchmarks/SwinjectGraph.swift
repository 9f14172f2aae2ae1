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

/// Swinject's container with the graph, behind `synchronize()` (needed to resolve from several threads).
func makeSwinjectResolver() -> UncheckedSendable<any Swinject.Resolver> {
  let container = Swinject.Container()
  SwinjectGraphAssembly().assemble(container: container)
  return UncheckedSendable(value: container.synchronize())
}
