import DI
import Infrastructure
import Repository
import SearchRepository
import UseCase

/// Registers the Search feature's use cases: search, repository details, star and unstar.
public struct SearchUseCaseAssembly: Assembly {
  /// The use cases build on the Search repositories and the use-case kit.
  public static let dependencies: [any Assembly.Type] = [SearchRepositoryAssembly.self, UseCaseAssembly.self]

  /// Creates the assembly.
  public init() {}

  /// Registers this layer's types.
  public func assemble(into registrar: Registrar) {
    registrar.register((any SearchRepositoriesUseCase).self, scope: .singleton) { r in
      LiveSearchRepositoriesUseCase(store: try r.resolve(), clock: try r.resolve((any AppClock).self))
    }
    registrar.register((any RepositoryDetailUseCase).self, scope: .singleton) { r in
      LiveRepositoryDetailUseCase(store: try r.resolve(), clock: try r.resolve((any AppClock).self))
    }
    registrar.register((any StarRepositoryUseCase).self, scope: .singleton) { r in
      LiveStarRepositoryUseCase(api: try r.resolve(), details: try r.resolve())
    }
  }
}
