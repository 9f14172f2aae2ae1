import DI
import TestScheduling
import Testing

@Suite(.untimed) struct ConcurrencyTests {
  @Test func thousandConcurrentFirstResolvesBuildTheSingletonOnce() async throws {
    let counter = BuildCounter()
    let registrar = Registrar()
    registrar.register(Expensive.self, scope: .singleton) { _ in Expensive(counter: counter) }
    let container = registrar.makeContainer()

    let identities = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
      for _ in 0..<1_000 {
        group.addTask { ObjectIdentifier(try container.resolve(Expensive.self)) }
      }
      var seen = Set<ObjectIdentifier>()
      for try await identity in group { seen.insert(identity) }
      return seen
    }
    #expect(counter.value == 1)
    #expect(identities.count == 1)
  }

  @Test func concurrentMixedResolvesAreConsistent() async throws {
    let singletons = BuildCounter()
    let transients = BuildCounter()
    let registrar = Registrar()
    registerHomeGraph(registrar)
    registrar.register(Expensive.self, scope: .singleton) { _ in Expensive(counter: singletons) }
    registrar.register(Expensive.self, name: .local) { _ in Expensive(counter: transients) }
    let container = registrar.makeContainer()

    let resolves = 10_000
    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<resolves {
        group.addTask {
          switch index % 3 {
          case 0: _ = try container.resolve(Expensive.self)
          case 1: _ = try container.resolve(Expensive.self, name: .local)
          default:
            let presenter = try container.resolve(CoursesHomePresenter.self)
            #expect(presenter.useCase.remote.origin == "network")
          }
        }
      }
      try await group.waitForAll()
    }
    #expect(singletons.value == 1)
    #expect(transients.value == (resolves + 1) / 3)
  }
}
