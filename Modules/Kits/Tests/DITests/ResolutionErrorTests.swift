import DI
import TestScheduling
import Testing

@Suite(.untimed) struct ResolutionErrorTests {
  @Test func missingRegistrationNamesKeyChainAndAlternatives() throws {
    let registrar = Registrar()
    registerHomeGraph(registrar, includeLocal: false)
    let container = registrar.makeContainer()

    let error = #expect(throws: ResolutionError.self) { try container.resolve(CoursesHomePresenter.self) }
    guard case .notRegistered(let key, let chain, let alternatives, _) = error else {
      Issue.record("expected notRegistered, got \(String(describing: error))")
      return
    }
    #expect(key == ServiceKey(typeName: "CourseRepository", name: .local))
    #expect(chain.map(\.description) == ["CoursesHomePresenter", "GetMainUseCase", "CourseRepository[local]"])
    #expect(alternatives.map(\.description) == ["CourseRepository[remote]"])

    let text = error?.description ?? ""
    #expect(text.hasPrefix("No registration for CourseRepository[local]."))
    #expect(text.contains("chain: CoursesHomePresenter -> GetMainUseCase -> CourseRepository[local]"))
    #expect(text.contains("registered for CourseRepository: CourseRepository[remote]"))
    #expect(text.contains("registrar.register(CourseRepository.self, name: .local)"))
  }

  @Test func missingTypeWithNoAlternativesSaysSo() {
    let container = Registrar().makeContainer()
    let error = #expect(throws: ResolutionError.self) { try container.resolve(Int.self) }
    #expect(error?.description.contains("nothing else is registered for Int") == true)
  }

  @Test func cycleIsReportedWithItsFullPathOnFirstReentry() {
    struct A: Sendable { let b: B }
    struct B: Sendable { let c: C }
    struct C: Sendable { let a: @Sendable () -> Void }
    let counter = BuildCounter()
    let registrar = Registrar()
    registrar.register(A.self) { r in
      counter.increment(); return A(b: try r.resolve())
    }
    registrar.register(B.self) { r in
      counter.increment(); return B(c: try r.resolve())
    }
    registrar.register(C.self) { r in
      counter.increment()
      let a: A = try r.resolve()
      return C { _ = a }
    }
    let container = registrar.makeContainer()

    let error = #expect(throws: ResolutionError.self) { try container.resolve(A.self) }
    guard case .cycle(let path, _) = error else {
      Issue.record("expected a cycle, got \(String(describing: error))")
      return
    }
    #expect(path.map(\.description) == ["A", "B", "C", "A"])
    #expect(error?.description.hasPrefix("Dependency cycle: A -> B -> C -> A.") == true)
    #expect(counter.value == 3, "each factory ran once before the re-entry was caught")
  }

  @Test func cycleEnteredFromOutsideShowsOnlyTheLoop() {
    struct Outer: Sendable {}
    struct A: Sendable {}
    struct B: Sendable {}
    let registrar = Registrar()
    registrar.register(Outer.self) { r in
      _ = try r.resolve(A.self); return Outer()
    }
    registrar.register(A.self) { r in
      _ = try r.resolve(B.self); return A()
    }
    registrar.register(B.self) { r in
      _ = try r.resolve(A.self); return B()
    }
    let error = #expect(throws: ResolutionError.self) { try registrar.makeContainer().resolve(Outer.self) }
    #expect(error?.chain.map(\.description) == ["A", "B", "A"])
  }

  /// A plain resolve decides from one summary of its thread's stack whether it may take the short way; that summary
  /// must come back after a singleton's build (which collects edges), after a validation, and after the stack grew,
  /// or cycles would be missed or edges lost.
  @Test func cyclesAndEdgesAreStillCaughtAfterSingletonBuildsValidationAndDeepChains() throws {
    struct Leaf: Sendable {}
    struct Shared: Sendable {}
    struct X: Sendable {}
    struct Y: Sendable {}
    final class Step: Sendable {
      let next: Step?
      init(next: Step?) { self.next = next }
    }
    let counter = BuildCounter()
    let registrar = Registrar()
    registrar.register(Leaf.self) { _ in Leaf() }
    registrar.register(Shared.self, scope: .singleton) { r in
      _ = try r.resolve(Leaf.self); return Shared()
    }
    registrar.register(X.self) { r in
      counter.increment(); _ = try r.resolve(Y.self); return X()
    }
    registrar.register(Y.self) { r in
      counter.increment(); _ = try r.resolve(X.self); return Y()
    }
    for index in 0..<20 {
      registrar.register(Step.self, name: Name("\(index)")) { r in
        Step(next: index == 19 ? nil : try r.resolve(Step.self, name: Name("\(index + 1)")))
      }
    }
    let container = registrar.makeContainer()

    _ = try container.resolve(Shared.self)
    _ = try container.resolve(Step.self, name: Name("0"))
    let report = container.validate()
    #expect(report.edges.contains(DependencyEdge(from: ServiceKey(Shared.self), to: ServiceKey(Leaf.self))))
    #expect(report.edges.contains(DependencyEdge(from: ServiceKey(X.self), to: ServiceKey(Y.self))))
    #expect(report.problems.count == 1)

    let before = counter.value
    let error = #expect(throws: ResolutionError.self) { try container.resolve(X.self) }
    #expect(error?.chain.map(\.description) == ["X", "Y", "X"])
    #expect(counter.value == before + 2, "each factory ran once before the re-entry was caught")
  }

  @Test func selfDependentSingletonIsACycleNotADeadlock() {
    final class Loop: Sendable {}
    let registrar = Registrar()
    registrar.register(Loop.self, scope: .singleton) { r in
      _ = try r.resolve(Loop.self); return Loop()
    }
    let error = #expect(throws: ResolutionError.self) { try registrar.makeContainer().resolve(Loop.self) }
    #expect(error?.chain.map(\.description) == ["Loop", "Loop"])
  }

  @Test func duplicateRegistrationIsReportedWithItsAssemblies() {
    struct First: Assembly {
      func assemble(into registrar: Registrar) { registrar.register(String.self) { _ in "a" } }
    }
    struct Second: Assembly {
      func assemble(into registrar: Registrar) { registrar.register(String.self) { _ in "b" } }
    }
    let container: Container
    do {
      container = try Assembler([First(), Second()]).assemble()
    } catch {
      Issue.record("assembling failed: \(error)")
      return
    }
    let error = #expect(throws: ResolutionError.self) { try container.resolve(String.self) }
    guard case .ambiguous(_, _, let assemblies, _) = error else {
      Issue.record("expected ambiguous, got \(String(describing: error))")
      return
    }
    #expect(assemblies == ["First", "Second"])
    #expect(error?.description.hasPrefix("String is registered 2 times (by First, Second).") == true)
  }
}
