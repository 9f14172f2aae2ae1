import Synchronization

/// Collects the keys one factory resolves, which are the registration's dependency edges.
@usableFromInline
final class EdgeSink: Sendable {
  private let keys = Mutex<[ServiceKey]>([])

  func append(_ key: ServiceKey) {
    keys.withLock { $0.append(key) }
  }

  var collected: [ServiceKey] {
    keys.withLock { $0 }
  }
}

/// Gathers the dependency edges of every factory run while a container validates itself.
@usableFromInline
final class ValidationRecorder: Sendable {
  private let edges = Mutex<[ServiceKey: [ServiceKey]]>([:])

  func record(_ key: ServiceKey, dependsOn dependencies: [ServiceKey]) {
    edges.withLock { $0[key] = dependencies }
  }

  var recorded: [ServiceKey: [ServiceKey]] {
    edges.withLock { $0 }
  }
}
