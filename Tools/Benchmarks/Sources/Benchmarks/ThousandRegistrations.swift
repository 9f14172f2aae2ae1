import DI
import Swinject

/// A digit type; three of them make one of 1,000 distinct node types.
protocol Digit: SendableMetatype {}
enum D0: Digit {}
enum D1: Digit {}
enum D2: Digit {}
enum D3: Digit {}
enum D4: Digit {}
enum D5: Digit {}
enum D6: Digit {}
enum D7: Digit {}
enum D8: Digit {}
enum D9: Digit {}

/// One of the 1,000 services of case 5.
protocol NodeService: AnyObject, Sendable {
  init(index: Int, dependencies: [any NodeService])
}

/// Service number `100 A + 10 B + C`: a type of its own, as in an app with 1,000 registrations.
final class Node<A: Digit, B: Digit, C: Digit>: NodeService {
  let index: Int
  let dependencies: [any NodeService]

  init(index: Int, dependencies: [any NodeService]) {
    self.index = index
    self.dependencies = dependencies
  }
}

/// The 1,000 node types in index order, and what each depends on.
///
/// Every service is a singleton; service `i` depends on services `i - 1` and `i / 2` (the first has none),
/// so the graph is connected, acyclic and two edges per node deep.
enum ThousandGraph {
  static let count = 1000

  static let types: [any NodeService.Type] = {
    let digits: [any Digit.Type] = [
      D0.self, D1.self, D2.self, D3.self, D4.self, D5.self, D6.self, D7.self, D8.self, D9.self,
    ]
    var types: [any NodeService.Type] = []
    for a in digits {
      for b in digits {
        for c in digits {
          types.append(nodeType(a, b, c))
        }
      }
    }
    return types
  }()

  static func dependencies(of index: Int) -> [Int] {
    switch index {
    case 0: []
    case 1, 2: [index - 1]
    default: [index / 2, index - 1]
    }
  }

  private static func nodeType<A: Digit, B: Digit, C: Digit>(
    _: A.Type, _: B.Type, _: C.Type
  ) -> any NodeService.Type {
    Node<A, B, C>.self
  }
}

// MARK: - This project's container

/// Registers the 1,000 services in this project's container.
struct ThousandAssembly: DI.Assembly {
  func assemble(into registrar: Registrar) {
    for (index, type) in ThousandGraph.types.enumerated() {
      register(type, index: index, into: registrar)
    }
  }

  private func register<N: NodeService>(_: N.Type, index: Int, into registrar: Registrar) {
    let dependencies = ThousandGraph.dependencies(of: index).map { ThousandGraph.types[$0] }
    registrar.register(N.self, scope: .singleton) { r in
      N(index: index, dependencies: try dependencies.map { type throws(ResolutionError) in try resolve(type, r) })
    }
  }
}

private func resolve<N: NodeService>(_: N.Type, _ resolver: DI.Resolver) throws(ResolutionError) -> any NodeService {
  try resolver.resolve(N.self)
}

/// Resolves node `type` from this project's container.
func resolveNode<N: NodeService>(_: N.Type, in container: DI.Container) throws -> any NodeService {
  try container.resolve(N.self)
}

// MARK: - Swinject

/// Registers the 1,000 services in Swinject, as singletons (`.container`).
struct SwinjectThousandAssembly: Swinject.Assembly {
  func assemble(container: Swinject.Container) {
    for (index, type) in ThousandGraph.types.enumerated() {
      register(type, index: index, into: container)
    }
  }

  private func register<N: NodeService>(_: N.Type, index: Int, into container: Swinject.Container) {
    let dependencies = ThousandGraph.dependencies(of: index).map { ThousandGraph.types[$0] }
    container.register(N.self) { r in
      N(index: index, dependencies: dependencies.compactMap { resolveNode($0, in: r) })
    }.inObjectScope(.container)
  }
}

/// Resolves node `type` from a Swinject resolver.
func resolveNode<N: NodeService>(_: N.Type, in resolver: any Swinject.Resolver) -> (any NodeService)? {
  resolver.resolve(N.self)
}

// MARK: - By hand

/// Builds the 1,000 services by calling their constructors, dependencies first.
func buildThousandByHand() -> [any NodeService] {
  var built: [any NodeService] = []
  built.reserveCapacity(ThousandGraph.count)
  for (index, type) in ThousandGraph.types.enumerated() {
    built.append(type.init(index: index, dependencies: ThousandGraph.dependencies(of: index).map { built[$0] }))
  }
  return built
}
