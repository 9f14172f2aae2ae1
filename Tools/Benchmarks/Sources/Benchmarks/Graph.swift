/// The object graph every contender builds: the same types, the same constructors.
///
/// Transient graph, 3 levels, 6 objects:
/// ```
/// Root ─┬─ ServiceA ─┬─ Leaf1
///       │            └─ Leaf2
///       └─ ServiceB ─── Leaf3
/// ```
/// plus a singleton `Settings` and a `Repository` registered under four names.
final class Leaf1: Sendable {
  let value = 1
}

/// A leaf of the graph.
final class Leaf2: Sendable {
  let value = 2
}

/// A leaf of the graph.
final class Leaf3: Sendable {
  let value = 3
}

/// The middle of the graph, with two leaves.
final class ServiceA: Sendable {
  let first: Leaf1
  let second: Leaf2

  init(first: Leaf1, second: Leaf2) {
    self.first = first
    self.second = second
  }
}

/// The middle of the graph, with one leaf.
final class ServiceB: Sendable {
  let leaf: Leaf3

  init(leaf: Leaf3) {
    self.leaf = leaf
  }
}

/// The top of the graph.
final class Root: Sendable {
  let a: ServiceA
  let b: ServiceB

  init(a: ServiceA, b: ServiceB) {
    self.a = a
    self.b = b
  }

  /// Whether the graph has all six objects in place.
  var isComplete: Bool { a.first.value + a.second.value + b.leaf.value == 6 }
}

/// The singleton of case 1.
final class Settings: Sendable {
  let retries = 3
}

/// The named singletons of case 3.
final class Repository: Sendable {
  let label: String

  init(label: String) {
    self.label = label
  }
}

/// The names `Repository` is registered under; case 3 resolves ``resolvedName``.
enum RepositoryNames {
  static let all = ["local", "remote", "cache", "mirror"]
  static let resolvedName = "remote"
}

/// The hand-written composition root: what a team without a container writes.
struct HandWritten: Sendable {
  let settings = Settings()
  let repositories: [String: Repository] = Dictionary(
    uniqueKeysWithValues: RepositoryNames.all.map { ($0, Repository(label: $0)) })
  let remote = Repository(label: RepositoryNames.resolvedName)

  /// A new graph, built by calling the constructors directly.
  func makeRoot() -> Root {
    Root(a: ServiceA(first: Leaf1(), second: Leaf2()), b: ServiceB(leaf: Leaf3()))
  }
}
