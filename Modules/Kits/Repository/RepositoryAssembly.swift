import DI
import Infrastructure

/// The repository kit's assembly: the layer every feature's repository assembly builds on.
///
/// The kit itself is generic (the cache-then-origin ``Store``, its cachers and fetchers); it registers the
/// ``ChangeOutbox``, which sends the changes waiting for their origins through every ``ChangeSender`` the features
/// register. Declaring it as a dependency orders a feature's repositories after the infrastructure they use.
public struct RepositoryAssembly: Assembly {
  /// Repositories build on the infrastructure layer.
  public static let dependencies: [any Assembly.Type] = [InfrastructureAssembly.self]

  /// Made by `Application.assemblies()`, beside every feature's assemblies.
  public init() {}

  /// Registers the locks that hold a key for one sender and the outbox of waiting changes; the stores are built by
  /// the features that use them (a store whose data changes sends through its own ``ChangeOutbox`` on the same
  /// locks, and its feature registers its ``Store/sender``).
  public func assemble(into registrar: Registrar) {
    registrar.register(FollowedStores.self, scope: .singleton) { _ in FollowedStores() }
    registrar.register(ChangeLocks.self, scope: .singleton) { r in
      ChangeLocks(besides: try r.resolve(Database.self))
    }
    registrar.register(ChangeOutbox.self, scope: .singleton) { r in
      ChangeOutbox(
        database: try r.resolve(), locks: try r.resolve(), senders: try r.resolveAll(ChangeSender.self),
        clock: try r.resolve((any AppClock).self))
    }
  }
}
