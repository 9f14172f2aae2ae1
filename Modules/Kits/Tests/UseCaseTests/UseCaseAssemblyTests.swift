import DI
import Infrastructure
import Repository
import TestScheduling
import Testing
import UseCase

@Suite(.untimed) struct UseCaseAssemblyTests {
  @Test func assemblesAfterTheLayersBelowIntoAValidGraph() throws {
    let assembler = Assembler([
      UseCaseAssembly(), RepositoryAssembly(), InfrastructureAssembly(environment: ["APP_HOME": "/tmp/app-tests-home"]),
    ])
    #expect(
      try assembler.ordered().map { type(of: $0).assemblyName } == [
        "InfrastructureAssembly", "RepositoryAssembly", "UseCaseAssembly",
      ])
    let report = try assembler.assemble().validate()
    #expect(report.isValid, "\(report)")
  }

  @Test func cannotBeAssembledWithoutTheLayerBelow() {
    #expect(throws: AssemblyError.self) { try Assembler([UseCaseAssembly()]).assemble() }
  }
}
