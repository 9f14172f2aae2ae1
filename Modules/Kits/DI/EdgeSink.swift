import Synchronization

/// The keys one factory resolved, and which of them it could have done without.
struct CollectedDependencies: Sendable {
  /// Every key resolved, or asked for if registered, in order.
  var keys: [ServiceKey] = []
  /// The keys asked for with ``Resolver/resolveIfRegistered(_:name:)``: the factory does without them.
  var optional: Set<ServiceKey> = []
}

/// Collects the keys one factory resolves, which are the registration's dependency edges.
@usableFromInline
final class EdgeSink: Sendable {
  private let dependencies = Mutex(CollectedDependencies())

  func append(_ key: ServiceKey) {
    dependencies.withLock { $0.keys.append(key) }
  }

  func markOptional(_ key: ServiceKey) {
    dependencies.withLock { _ = $0.optional.insert(key) }
  }

  var collected: CollectedDependencies {
    dependencies.withLock { $0 }
  }
}

/// Gathers the dependency edges of every factory run while a container validates itself.
@usableFromInline
final class ValidationRecorder: Sendable {
  private let edges = Mutex<[ServiceKey: CollectedDependencies]>([:])

  func record(_ key: ServiceKey, dependsOn dependencies: CollectedDependencies) {
    edges.withLock { $0[key] = dependencies }
  }

  var recorded: [ServiceKey: CollectedDependencies] {
    edges.withLock { $0 }
  }
}
