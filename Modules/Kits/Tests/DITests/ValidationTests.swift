import DI
import TestScheduling
import Testing

@Suite(.untimed) struct ValidationTests {
  /// A graph with one missing registration, one cycle and one duplicate, plus healthy registrations.
  func brokenGraph(counter: BuildCounter) throws -> Container {
    struct A: Sendable {}
    struct B: Sendable {}
    struct Healthy: Assembly {
      let counter: BuildCounter
      func assemble(into registrar: Registrar) {
        registerHomeGraph(registrar, includeLocal: false)
        registrar.register(Expensive.self, scope: .singleton) { [counter] _ in Expensive(counter: counter) }
        registrar.register(A.self) { r in
          _ = try r.resolve(B.self); return A()
        }
        registrar.register(B.self) { r in
          _ = try r.resolve(A.self); return B()
        }
        registrar.register(String.self) { _ in "first" }
      }
    }
    struct Again: Assembly {
      func assemble(into registrar: Registrar) { registrar.register(String.self) { _ in "second" } }
    }
    return try Assembler([Healthy(counter: counter), Again()]).assemble()
  }

  @Test func reportsMissingCycleAndDuplicateAtOnce() throws {
    let counter = BuildCounter()
    let report = try brokenGraph(counter: counter).validate()

    #expect(!report.isValid)
    #expect(report.problems.count == 3)
    let kinds = report.problems.map { problem -> String in
      switch problem {
      case .notRegistered(let key, _, _, _): "missing \(key)"
      case .cycle(let path, _): "cycle \(path.count - 1)"
      case .ambiguous(let key, _, let by, _): "duplicate \(key) by \(by.joined(separator: "+"))"
      case .factoryFailed(let key, _, _, _): "failed \(key)"
      }
    }
    #expect(Set(kinds) == ["missing CourseRepository[local]", "cycle 2", "duplicate String by Again+Healthy"])
    #expect(report.description.hasPrefix("3 problems in 7 registrations:"))
    #expect(report.description.contains("1. "))
    #expect(report.description.contains("3. "))
    #expect(counter.value == 1, "validation builds a singleton once")
  }

  @Test func validationDoesNotRebuildSingletons() throws {
    let counter = BuildCounter()
    let container = try brokenGraph(counter: counter)
    _ = try container.resolve(Expensive.self)
    _ = container.validate()
    _ = container.validate()
    #expect(counter.value == 1)
  }

  @Test func validGraphReportsEdges() throws {
    let registrar = Registrar()
    registerHomeGraph(registrar)
    let report = registrar.makeContainer().validate()
    #expect(report.isValid)
    #expect(report.description == "OK: 4 registrations, 3 dependencies, no problems.")
    #expect(
      report.edges.map { "\($0.from) -> \($0.to)" } == [
        "CoursesHomePresenter -> GetMainUseCase",
        "GetMainUseCase -> CourseRepository[local]",
        "GetMainUseCase -> CourseRepository[remote]",
      ])
  }

  @Test func edgesOfSingletonsBuiltBeforeValidationAreKept() throws {
    struct Leaf: Sendable {}
    struct Root: Sendable {}
    let registrar = Registrar()
    registrar.register(Leaf.self, scope: .singleton) { _ in Leaf() }
    registrar.register(Root.self, scope: .singleton) { r in
      _ = try r.resolve(Leaf.self); return Root()
    }
    let container = registrar.makeContainer()
    _ = try container.resolve(Root.self)
    #expect(container.validate().edges == [DependencyEdge(from: ServiceKey(Root.self), to: ServiceKey(Leaf.self))])
  }

  @Test func dotAndMermaidCarryTheEdgesAndMarkMissingKeys() throws {
    let registrar = Registrar()
    registerHomeGraph(registrar, includeLocal: false)
    let report = registrar.makeContainer().validate()

    let dot = report.graph(format: .dot)
    #expect(dot.hasPrefix("digraph dependencies {"))
    #expect(dot.contains("\"CoursesHomePresenter\" -> \"GetMainUseCase\";"))
    #expect(dot.contains("\"GetMainUseCase\" -> \"CourseRepository[local]\";"))
    #expect(!dot.contains("-> \"CourseRepository[remote]\";"), "a factory stops at its first missing dependency")
    #expect(dot.contains("\"CourseRepository[local]\" [style=dashed, color=red];"))

    let mermaid = report.graph(format: .mermaid)
    #expect(mermaid.hasPrefix("flowchart LR\n"))
    #expect(mermaid.contains("[\"CoursesHomePresenter\"]"))
    #expect(mermaid.contains(" -.-> "), "the edge to the missing key is dashed")
    #expect(mermaid.contains(" --> "))
    #expect(mermaid.contains("class n0 missing"))
  }

  @Test func mermaidEscapesGenericBrackets() {
    let registrar = Registrar()
    registrar.register(Factory<Int, String>.self) { _ in Factory { String($0) } }
    let mermaid = registrar.makeContainer().validate().graph(format: .mermaid)
    #expect(mermaid.contains("Factory#lt;Int, String#gt;"))
  }
}
