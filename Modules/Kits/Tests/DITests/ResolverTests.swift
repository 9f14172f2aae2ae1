import DI
import TestScheduling
import Testing

/// A resolver kept by what a factory built, and used after the factory returned.
@Suite(.untimed) struct ResolverTests {
  /// Resolves its dependency lazily, through the resolver its factory received.
  final class Lazy: Sendable {
    let resolver: Resolver

    init(resolver: Resolver) {
      self.resolver = resolver
    }

    func load() throws -> GetMainUseCase { try resolver.resolve() }
  }

  static func container() -> Container {
    let registrar = Registrar()
    registerHomeGraph(registrar)
    registrar.register(Lazy.self) { r in Lazy(resolver: r) }
    return registrar.makeContainer()
  }

  @Test func keptResolverStartsAResolutionOfItsOwn() throws {
    let lazy = try Self.container().resolve(Lazy.self)
    #expect(lazy.resolver.chain.isEmpty, "no factory is running")
    #expect(try lazy.load().remote.origin == "network")
  }

  @Test func keptResolverOutlivesEveryOtherReferenceToItsContainer() throws {
    let lazy = try Self.container().resolve(Lazy.self)
    // The container is referenced by nothing but the resolver now.
    #expect(try lazy.load().local.origin == "cache")
  }

  @Test func keptResolverWorksFromManyThreadsAtOnce() async throws {
    let lazy = try Self.container().resolve(Lazy.self)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<200 {
        group.addTask {
          let origin = try lazy.load().remote.origin
          #expect(origin == "network")
        }
      }
      try await group.waitForAll()
    }
  }

  @Test func keptResolverFailingInsideAnotherResolutionReportsWhereItWasCalledFrom() throws {
    struct Outer: Sendable {}
    let missing = Registrar()
    missing.register(Lazy.self) { r in Lazy(resolver: r) }
    let lazy = try missing.makeContainer().resolve(Lazy.self)

    let registrar = Registrar()
    registrar.register(Outer.self) { _ in
      _ = try lazy.load()
      return Outer()
    }
    let error = #expect(throws: ResolutionError.self) { try registrar.makeContainer().resolve(Outer.self) }
    #expect(error?.chain.map(\.description) == ["Outer", "GetMainUseCase"])
  }

  @Test func chainInsideAFactoryNamesTheStepsOnTheWay() throws {
    struct Top: Sendable { let middle: Middle }
    struct Middle: Sendable { let chain: [String] }
    let registrar = Registrar()
    registrar.register(Top.self) { r in Top(middle: try r.resolve()) }
    registrar.register(Middle.self) { r in Middle(chain: r.chain.map(\.description)) }
    let container = registrar.makeContainer()

    #expect(try container.resolve(Top.self).middle.chain == ["Top", "Middle"])
    #expect(try container.resolve(Middle.self).chain == ["Middle"])
  }
}
