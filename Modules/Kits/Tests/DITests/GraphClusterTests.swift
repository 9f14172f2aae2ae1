import DI
import TestScheduling
import Testing

/// `di graph` groups each node in the module that registered it.
@Suite(.untimed) struct GraphClusterTests {
  struct Store: Sendable {}
  struct SearchRepository: Sendable {}
  struct SearchPresenter: Sendable {}
  struct Clock: Sendable {}

  /// Registrations from three modules, as their `#fileID`s say; `Store` is missing.
  static func report() -> ValidationReport {
    let registrar = Registrar()
    registrar.register(
      SearchRepository.self, name: .remote, fileID: "SearchRepository/SearchRepositoryAssembly.swift",
      filePath: "/app/Modules/Features/Search/Repository/SearchRepositoryAssembly.swift", line: 42
    ) { r in
      _ = try r.resolve(Store.self)
      return SearchRepository()
    }
    registrar.register(
      SearchPresenter.self, fileID: "SearchPresenter/SearchPresenterAssembly.swift",
      filePath: "/app/Modules/Features/Search/Presenter/SearchPresenterAssembly.swift", line: 7
    ) { r in
      _ = try r.resolve(Clock.self)
      _ = try r.resolve(SearchRepository.self, name: .remote)
      return SearchPresenter()
    }
    registrar.register(
      Clock.self, scope: .singleton, fileID: "Infrastructure/InfrastructureAssembly.swift",
      filePath: "/app/Modules/Infrastructure/InfrastructureAssembly.swift", line: 3
    ) { _ in Clock() }
    return registrar.makeContainer().validate()
  }

  @Test func dotHasOneClusterPerModuleAndMissingKeysOutside() {
    #expect(
      Self.report().graph(format: .dot) == """
        digraph dependencies {
          rankdir=LR;
          node [shape=box];
          subgraph cluster_Infrastructure {
            label="Infrastructure";
            "Clock";
          }
          subgraph cluster_SearchPresenter {
            label="SearchPresenter";
            "SearchPresenter";
          }
          subgraph cluster_SearchRepository {
            label="SearchRepository";
            "SearchRepository[remote]";
          }
          "Store" [style=dashed, color=red];
          "SearchPresenter" -> "Clock";
          "SearchPresenter" -> "SearchRepository[remote]";
          "SearchRepository[remote]" -> "Store";
        }

        """)
  }

  @Test func mermaidHasOneSubgraphPerModuleAndMissingKeysOutside() {
    #expect(
      Self.report().graph(format: .mermaid) == """
        flowchart LR
          subgraph Infrastructure
            n0["Clock"]
          end
          subgraph SearchPresenter
            n1["SearchPresenter"]
          end
          subgraph SearchRepository
            n2["SearchRepository[remote]"]
          end
          n3["Store"]
          n1 --> n0
          n1 --> n2
          n2 -.-> n3
          classDef missing stroke-dasharray: 5 5,stroke:#c00
          class n3 missing

        """)
  }

  @Test func moduleNamesThatAreNotPlainIdentifiersAreSanitized() {
    let registrar = Registrar()
    registrar.register(Store.self, fileID: "My-Kit/Store.swift", filePath: "/k/Store.swift", line: 1) { _ in Store() }
    registrar.register(Clock.self, fileID: "end/Clock.swift", filePath: "/k/Clock.swift", line: 1) { _ in Clock() }
    registrar.register(SearchPresenter.self, fileID: "n0/P.swift", filePath: "/k/P.swift", line: 1) { _ in
      SearchPresenter()
    }
    let report = registrar.makeContainer().validate()

    let dot = report.graph(format: .dot)
    #expect(dot.contains("  subgraph cluster_My_Kit {\n    label=\"My-Kit\";\n    \"Store\";\n  }\n"))
    #expect(dot.contains("  subgraph cluster_end {\n    label=\"end\";\n"))

    let mermaid = report.graph(format: .mermaid)
    #expect(mermaid.contains("  subgraph module_My_Kit[\"My-Kit\"]\n"))
    #expect(mermaid.contains("  subgraph module_end[\"end\"]\n"))
    #expect(mermaid.contains("  subgraph module_n0[\"n0\"]\n"))
  }

  @Test func theTestsOwnRegistrationsAreInTheTestModule() {
    let registrar = Registrar()
    registerHomeGraph(registrar)
    let dot = registrar.makeContainer().validate().graph(format: .dot)
    #expect(dot.contains("  subgraph cluster_DITests {\n    label=\"DITests\";\n    \"CourseRepository[local]\";\n"))
  }
}
