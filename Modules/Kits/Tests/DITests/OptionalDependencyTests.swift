import DI
import TestScheduling
import Testing

/// A related-content provider another module may or may not register.
private protocol RelatedContent: Sendable {
  var items: [String] { get }
}

private struct FixedRelatedContent: RelatedContent {
  let items: [String]
}

/// A screen that shows related content when something provides it.
private struct DetailScreen: Sendable {
  let related: (any RelatedContent)?
}

private func registerScreen(_ registrar: Registrar) {
  registrar.register(DetailScreen.self) { r in
    DetailScreen(related: try r.resolveIfRegistered((any RelatedContent).self))
  }
}

@Suite(.untimed) struct OptionalDependencyTests {
  @Test func anAbsentOptionalDependencyIsNilAndNoProblem() throws {
    let registrar = Registrar()
    registerScreen(registrar)
    let container = registrar.makeContainer()

    #expect(try container.resolve(DetailScreen.self).related == nil)
    let report = container.validate()
    #expect(report.isValid, "\(report)")
    #expect(report.missingKeys.isEmpty)
    #expect(report.absentOptionalKeys.map(\.description) == ["RelatedContent"])
    #expect(report.edges.map { "\($0.from) -> \($0.to) \($0.isOptional)" } == ["DetailScreen -> RelatedContent true"])
  }

  @Test func aPresentOptionalDependencyIsResolvedAndItsEdgeIsOptional() throws {
    let registrar = Registrar()
    registerScreen(registrar)
    registrar.register((any RelatedContent).self, scope: .singleton) { _ in FixedRelatedContent(items: ["a", "b"]) }
    let container = registrar.makeContainer()

    #expect(try container.resolve(DetailScreen.self).related?.items == ["a", "b"])
    let report = container.validate()
    #expect(report.isValid, "\(report)")
    #expect(report.absentOptionalKeys.isEmpty)
    #expect(report.edges.map { "\($0.from) -> \($0.to) \($0.isOptional)" } == ["DetailScreen -> RelatedContent true"])
  }

  @Test func aPresentOptionalDependencyThatFailsIsStillAProblem() throws {
    let registrar = Registrar()
    registerScreen(registrar)
    registrar.register((any RelatedContent).self) { _ in throw FactoryFailure(description: "no index") }
    let container = registrar.makeContainer()

    #expect(throws: ResolutionError.self) { try container.resolve(DetailScreen.self) }
    let report = container.validate()
    #expect(!report.isValid)
    #expect(report.problems.contains { if case .factoryFailed = $0 { true } else { false } })
  }

  @Test func aRequiredDependencyNothingProvidesIsStillMissingBesideAnOptionalOne() throws {
    struct Needy: Sendable {}
    let registrar = Registrar()
    registerScreen(registrar)
    registrar.register(Needy.self) { r in
      _ = try r.resolve((any RelatedContent).self)
      return Needy()
    }
    let report = registrar.makeContainer().validate()

    #expect(!report.isValid)
    #expect(report.missingKeys.map(\.description) == ["RelatedContent"])
    #expect(report.absentOptionalKeys.isEmpty, "a key something needs is missing, not merely absent")
  }

  @Test func theGraphDrawsOptionalEdgesAndAbsentKeysDashed() throws {
    let registrar = Registrar()
    registerScreen(registrar)
    let report = registrar.makeContainer().validate()

    let dot = report.graph(format: .dot)
    #expect(dot.contains("  \"DetailScreen\" -> \"RelatedContent\" [style=dashed];\n"))
    #expect(dot.contains("  \"RelatedContent\" [style=dashed, color=gray];\n"))
    #expect(!dot.contains("color=red"))

    let mermaid = report.graph(format: .mermaid)
    #expect(mermaid.contains("  n0 -.-> n1\n"))
    #expect(mermaid.contains("  classDef absent stroke-dasharray: 5 5,stroke:#888\n  class n1 absent\n"))
    #expect(!mermaid.contains("missing"))
  }
}
