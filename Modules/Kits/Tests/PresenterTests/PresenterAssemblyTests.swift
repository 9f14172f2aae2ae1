import DI
import Infrastructure
import Presenter
import Repository
import TestScheduling
import Testing
import UseCase

@Suite(.untimed) struct PresenterAssemblyTests {
  @Test func assemblesAfterTheLayersBelowIntoAValidGraph() throws {
    let assembler = Assembler([
      PresenterAssembly(), UseCaseAssembly(), RepositoryAssembly(),
      InfrastructureAssembly(environment: ["APP_HOME": "/tmp/app-tests-home"]),
    ])
    #expect(
      try assembler.ordered().map { type(of: $0).assemblyName } == [
        "InfrastructureAssembly", "RepositoryAssembly", "UseCaseAssembly", "PresenterAssembly",
      ])
    let report = try assembler.assemble().validate()
    #expect(report.isValid, "\(report)")
  }

  @Test func cannotBeAssembledWithoutTheLayerBelow() {
    #expect(throws: AssemblyError.self) { try Assembler([PresenterAssembly()]).assemble() }
  }
}
