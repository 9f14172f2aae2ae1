import DI
import Synchronization
import TestScheduling
import Testing

/// Deep resolutions: long chains, long cycles, and cycles that start far from the first resolve.
@Suite(.untimed) struct DeepGraphTests {
  /// A link of a chain: `Step[i]` depends on `Step[i + 1]`.
  final class Step: Sendable {
    let next: Step?

    init(next: Step?) {
      self.next = next
    }

    var length: Int { 1 + (next?.length ?? 0) }
  }

  static func name(_ index: Int) -> Name { Name("\(index)") }

  /// Registers `Step[0]` to `Step[count - 1]`; the last depends on `Step[last]` (a cycle) or on nothing.
  static func chain(count: Int, lastDependsOn last: Int?, scope: Scope = .transient) -> Container {
    let registrar = Registrar()
    for index in 0..<count {
      let next = index == count - 1 ? last : index + 1
      registrar.register(Step.self, name: name(index), scope: scope) { r in
        Step(next: try next.map { try r.resolve(Step.self, name: name($0)) })
      }
    }
    return registrar.makeContainer()
  }

  @Test(arguments: [Scope.transient, .singleton])
  func deepChainResolves(scope: Scope) throws {
    let container = Self.chain(count: 40, lastDependsOn: nil, scope: scope)
    #expect(try container.resolve(Step.self, name: Self.name(0)).length == 40)
    #expect(container.validate().isValid)
  }

  @Test(arguments: [3, 8, 9, 17, 40])
  func longCycleIsReportedWithItsFullPath(length: Int) {
    let container = Self.chain(count: length, lastDependsOn: 0)
    let error = #expect(throws: ResolutionError.self) { try container.resolve(Step.self, name: Self.name(0)) }
    guard case .cycle(let path, _) = error else {
      Issue.record("expected a cycle, got \(String(describing: error))")
      return
    }
    #expect(path.map(\.description) == (0..<length).map { "Step[\($0)]" } + ["Step[0]"])
  }

  @Test func cycleEnteredDeepIsReportedFromItsFirstStep() {
    // Step[0] -> … -> Step[11] -> Step[5]: the cycle does not start at the first resolve.
    let container = Self.chain(count: 12, lastDependsOn: 5)
    let error = #expect(throws: ResolutionError.self) { try container.resolve(Step.self, name: Self.name(0)) }
    #expect(error?.chain.map(\.description) == (5..<12).map { "Step[\($0)]" } + ["Step[5]"])
  }

  @Test func missingRegistrationDeepDownNamesTheWholeChain() {
    let registrar = Registrar()
    for index in 0..<20 {
      registrar.register(Step.self, name: Self.name(index)) { r in
        Step(next: try r.resolve(Step.self, name: Self.name(index + 1)))
      }
    }
    let error = #expect(throws: ResolutionError.self) {
      try registrar.makeContainer().resolve(Step.self, name: Self.name(0))
    }
    #expect(error?.chain.map(\.description) == (0...20).map { "Step[\($0)]" })
    #expect(error?.key == ServiceKey(typeName: "Step", name: Self.name(20)))
  }

  @Test func resolverChainIsTheWholePathAtAnyDepth() throws {
    let registrar = Registrar()
    let seen = ChainBox()
    for index in 0..<12 {
      registrar.register(Step.self, name: Self.name(index)) { r in
        if index == 11 { seen.set(r.chain.map(\.description)) }
        return Step(next: index == 11 ? nil : try r.resolve(Step.self, name: Self.name(index + 1)))
      }
    }
    _ = try registrar.makeContainer().resolve(Step.self, name: Self.name(0))
    #expect(seen.value == (0..<12).map { "Step[\($0)]" })
  }
}

/// Holds what a factory saw, for the test to read.
private final class ChainBox: Sendable {
  private let chain = Mutex<[String]>([])

  func set(_ value: [String]) { chain.withLock { $0 = value } }
  var value: [String] { chain.withLock { $0 } }
}
