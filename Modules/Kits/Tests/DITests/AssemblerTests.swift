import DI
import Synchronization
import TestScheduling
import Testing

/// Records the order in which assembly phases ran.
final class PhaseLog: Sendable {
  private let entries = Mutex<[String]>([])
  func append(_ entry: String) { entries.withLock { $0.append(entry) } }
  var all: [String] { entries.withLock { $0 } }
}

struct InfrastructureAssembly: Assembly {
  let log: PhaseLog
  func assemble(into registrar: Registrar) {
    log.append("assemble Infrastructure")
    registrar.register(String.self, name: .github, scope: .singleton) { _ in "https://api.github.com" }
  }
  func loaded(_ container: Container) throws { log.append("loaded Infrastructure") }
}

struct RepositoryAssembly: Assembly {
  static let dependencies: [any Assembly.Type] = [InfrastructureAssembly.self]
  let log: PhaseLog
  func assemble(into registrar: Registrar) {
    log.append("assemble Repository")
    registrar.register((any CourseRepository).self, name: .remote, scope: .singleton) { r in
      _ = try r.resolve(String.self, name: .github)
      return RemoteCourseRepository()
    }
  }
  func loaded(_ container: Container) throws { log.append("loaded Repository") }
}

struct UseCaseAssembly: Assembly {
  static let dependencies: [any Assembly.Type] = [RepositoryAssembly.self]
  let log: PhaseLog
  func assemble(into registrar: Registrar) { log.append("assemble UseCase") }
  func loaded(_ container: Container) throws {
    log.append("loaded UseCase")
    _ = try container.resolve((any CourseRepository).self, name: .remote)
  }
}

struct CyclicA: Assembly {
  static let dependencies: [any Assembly.Type] = [CyclicB.self]
  func assemble(into registrar: Registrar) {}
}

struct CyclicB: Assembly {
  static let dependencies: [any Assembly.Type] = [CyclicA.self]
  func assemble(into registrar: Registrar) {}
}

@Suite(.untimed) struct AssemblerTests {
  @Test func reverseOrderIsAssembledDependenciesFirstInTwoPhases() throws {
    let log = PhaseLog()
    let assemblies: [any Assembly] = [
      UseCaseAssembly(log: log), RepositoryAssembly(log: log), InfrastructureAssembly(log: log),
    ]
    let order = try Assembler(assemblies).ordered().map { type(of: $0).assemblyName }
    #expect(order == ["InfrastructureAssembly", "RepositoryAssembly", "UseCaseAssembly"])

    let container = try Assembler(assemblies).assemble()
    #expect(
      log.all == [
        "assemble Infrastructure", "assemble Repository", "assemble UseCase",
        "loaded Infrastructure", "loaded Repository", "loaded UseCase",
      ])
    #expect(try container.resolve((any CourseRepository).self, name: .remote).origin == "network")
  }

  @Test func orderIsTheSameWhateverTheInputOrder() throws {
    let log = PhaseLog()
    let forward: [any Assembly] = [
      InfrastructureAssembly(log: log), RepositoryAssembly(log: log), UseCaseAssembly(log: log),
    ]
    let names = { (list: [any Assembly]) in try Assembler(list).ordered().map { type(of: $0).assemblyName } }
    #expect(try names(forward) == names(forward.reversed()))
    #expect(try names(forward) == names([forward[1], forward[2], forward[0]]))
  }

  @Test func missingAssemblyDependencyNamesBoth() {
    let log = PhaseLog()
    let error = #expect(throws: AssemblyError.self) {
      try Assembler([UseCaseAssembly(log: log), RepositoryAssembly(log: log)]).assemble()
    }
    guard case .missingDependency(let assembly, let dependency, let path) = error else {
      Issue.record("expected missingDependency, got \(String(describing: error))")
      return
    }
    #expect(assembly == "RepositoryAssembly")
    #expect(dependency == "InfrastructureAssembly")
    #expect(path == ["RepositoryAssembly", "InfrastructureAssembly"])
    #expect(
      error?.description
        == "RepositoryAssembly depends on InfrastructureAssembly, which is not among the assemblies given "
        + "(via RepositoryAssembly -> InfrastructureAssembly). Add InfrastructureAssembly() to the Assembler.")
    #expect(log.all.isEmpty, "nothing is assembled when the set is incomplete")
  }

  @Test func cyclicAssemblyDependencyNamesTheCycle() {
    let error = #expect(throws: AssemblyError.self) { try Assembler([CyclicB(), CyclicA()]).assemble() }
    guard case .cycle(let path) = error else {
      Issue.record("expected cycle, got \(String(describing: error))")
      return
    }
    #expect(path == ["CyclicA", "CyclicB", "CyclicA"])
    #expect(
      error?.description
        == "Assembly dependency cycle: CyclicA -> CyclicB -> CyclicA. Remove one of these dependencies.")
  }

  @Test func duplicateAssemblyIsRejected() {
    let error = #expect(throws: AssemblyError.self) { try Assembler([CyclicA(), CyclicA()]).ordered() }
    #expect(error?.description == "CyclicA was given to the Assembler more than once.")
  }

  @Test func failingLoadedIsReportedWithTheAssembly() {
    struct NeedsMissing: Assembly {
      func assemble(into registrar: Registrar) {}
      func loaded(_ container: Container) throws { _ = try container.resolve(Int.self) }
    }
    let error = #expect(throws: AssemblyError.self) { try Assembler([NeedsMissing()]).assemble() }
    #expect(error?.description.hasPrefix("NeedsMissing failed after loading: No registration for Int.") == true)
  }
}
