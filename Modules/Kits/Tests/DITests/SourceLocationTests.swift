import DI
import TestScheduling
import Testing

/// Every kind of problem names where the registrations involved were written.
@Suite(.untimed) struct SourceLocationTests {
  static let file = "SourceLocationTests.swift"

  struct Needy: Sendable {}
  struct Needed: Sendable {}

  @Test func aRegistrationRecordsItsCallSite() {
    let registrar = Registrar()
    let line = #line + 1
    registrar.register(Needy.self) { _ in Needy() }
    let report = registrar.makeContainer().validate()
    let location = report.location(of: ServiceKey(Needy.self))
    #expect(location?.fileID == "DITests/SourceLocationTests.swift")
    #expect(location?.filePath == #filePath)
    #expect(location?.line == line)
    #expect(location?.module == "DITests")
    #expect(location?.fileName == Self.file)
    #expect(location?.description == "\(Self.file):\(line)")
    #expect(report.location(of: ServiceKey(Needed.self)) == nil, "nothing registers it")
  }

  @Test func missingKeyIsReportedAtTheRegistrationThatAskedForIt() {
    let registrar = Registrar()
    registrar.register(Needed.self, name: .remote) { _ in Needed() }
    let line = #line + 1
    registrar.register(Needy.self) { r in
      _ = try r.resolve(Needed.self, name: .local)
      return Needy()
    }
    let error = #expect(throws: ResolutionError.self) { try registrar.makeContainer().resolve(Needy.self) }
    guard case .notRegistered(_, _, _, let requestedAt) = error else {
      Issue.record("expected notRegistered, got \(String(describing: error))")
      return
    }
    #expect(requestedAt == SourceLocation(fileID: "DITests/\(Self.file)", filePath: #filePath, line: line))
    #expect(error?.location == requestedAt)
    #expect(
      error?.description == """
        No registration for Needed[local].
          chain: Needy -> Needed[local]
          asked for by Needy, registered at \(Self.file):\(line)
          registered for Needed: Needed[remote]
          fix: register it in an Assembly: registrar.register(Needed.self, name: .local) { r in ... }
        """)
  }

  @Test func missingKeyResolvedDirectlyHasNoLocation() {
    let error = #expect(throws: ResolutionError.self) { try Registrar().makeContainer().resolve(Needed.self) }
    #expect(error != nil)
    #expect(error?.location == nil)
    #expect(error?.description.contains("registered at") == false)
  }

  @Test func cycleNamesWhereEachMemberWasRegistered() {
    struct Head: Sendable {}
    struct Middle: Sendable {}
    struct Tail: Sendable {}
    let registrar = Registrar()
    let head = #line + 1
    registrar.register(Head.self) { r in
      _ = try r.resolve(Middle.self)
      return Head()
    }
    let middle = #line + 1
    registrar.register(Middle.self, scope: .singleton) { r in
      _ = try r.resolve(Tail.self)
      return Middle()
    }
    let tail = #line + 1
    registrar.register(Tail.self) { r in
      _ = try r.resolve(Head.self)
      return Tail()
    }
    let error = #expect(throws: ResolutionError.self) { try registrar.makeContainer().resolve(Head.self) }
    guard case .cycle(let path, let locations) = error else {
      Issue.record("expected a cycle, got \(String(describing: error))")
      return
    }
    #expect(path.map(\.description) == ["Head", "Middle", "Tail", "Head"])
    #expect(locations.map(\.line) == [head, middle, tail])
    #expect(locations.allSatisfy { $0.filePath == #filePath })
    #expect(error?.location?.line == tail, "the registration that closes the cycle")
    #expect(
      error?.description == """
        Dependency cycle: Head -> Middle -> Tail -> Head.
          Head registered at \(Self.file):\(head)
          Middle registered at \(Self.file):\(middle)
          Tail registered at \(Self.file):\(tail), closes the cycle by resolving Head
          fix: break the cycle, for example by injecting a Factory or by moving shared state into a third type.
        """)
  }

  @Test func duplicateNamesBothRegistrations() {
    let registrar = Registrar()
    let first = #line + 1
    registrar.register(Needed.self) { _ in Needed() }
    let second = #line + 1
    registrar.register(Needed.self, scope: .singleton) { _ in Needed() }
    let error = #expect(throws: ResolutionError.self) { try registrar.makeContainer().resolve(Needed.self) }
    guard case .ambiguous(_, _, _, let locations) = error else {
      Issue.record("expected ambiguous, got \(String(describing: error))")
      return
    }
    #expect(locations.map(\.line) == [first, second])
    #expect(error?.location?.line == second, "the later registration is the one to fix")
    #expect(
      error?.description == """
        Needed is registered 2 times (by (no assembly), (no assembly)).
          chain: Needed
          registered at \(Self.file):\(first)
          registered at \(Self.file):\(second)
          fix: keep one registration, or pass `override: true` to the one that should win.
        """)
  }

  @Test func duplicateAcrossAssembliesNamesEachAssemblyAndLine() throws {
    struct First: Assembly {
      let lines: LineBook
      func assemble(into registrar: Registrar) {
        lines.note("first", #line + 1)
        registrar.register(String.self) { _ in "a" }
      }
    }
    struct Second: Assembly {
      let lines: LineBook
      func assemble(into registrar: Registrar) {
        lines.note("second", #line + 1)
        registrar.register(String.self) { _ in "b" }
      }
    }
    let lines = LineBook()
    let container = try Assembler([First(lines: lines), Second(lines: lines)]).assemble()
    let error = #expect(throws: ResolutionError.self) { try container.resolve(String.self) }
    let text = error?.description ?? ""
    #expect(text.contains("\n  registered at \(Self.file):\(lines["first"]) (by First)\n"))
    #expect(text.contains("\n  registered at \(Self.file):\(lines["second"]) (by Second)\n"))
  }

  @Test func failingFactoryNamesItsRegistration() {
    let registrar = Registrar()
    let line = #line + 1
    registrar.register(Int.self) { _ in throw FactoryFailure(description: "no port") }
    registrar.register(String.self) { r in String(try r.resolve(Int.self)) }
    let error = #expect(throws: ResolutionError.self) { try registrar.makeContainer().resolve(String.self) }
    guard case .factoryFailed(_, _, _, let location) = error else {
      Issue.record("expected factoryFailed, got \(String(describing: error))")
      return
    }
    #expect(location.line == line)
    #expect(location.fileID == "DITests/\(Self.file)")
    #expect(
      error?.description == """
        The factory of Int failed: no port
          chain: String -> Int
          registered at \(Self.file):\(line)
        """)
  }

  @Test func registerFactoryRecordsItsCallerNotItself() {
    let registrar = Registrar()
    let line = #line + 1
    registrar.registerFactory(of: CourseDetailScreen.self, argument: String.self) { r in
      let repository = try r.resolve((any CourseRepository).self, name: .local)
      return { id in .init(repository: repository, courseID: id) }
    }
    let report = registrar.makeContainer().validate()
    #expect(report.problems.first?.location?.line == line)
    #expect(report.problems.first?.location?.fileName == Self.file)
  }

  @Test func overridingKeepsTheLocationsOfWhatItDoesNotReplace() {
    let registrar = Registrar()
    let line = #line + 1
    registrar.register(Int.self) { _ in throw FactoryFailure(description: "no port") }
    let child = registrar.makeContainer().overriding { _ in }
    let error = #expect(throws: ResolutionError.self) { try child.resolve(Int.self) }
    #expect(error?.location?.line == line)
  }

  @Test func reportDescriptionShowsEveryProblemsLocation() throws {
    let lines = LineBook()
    let report = try Assembler([BrokenAssembly(lines: lines)]).assemble().validate()
    let text = report.description
    #expect(text.contains("Left registered at \(Self.file):\(lines["Left"])\n"))
    #expect(text.contains("Right registered at \(Self.file):\(lines["Right"]), closes the cycle by resolving Left"))
    #expect(text.contains("registered at \(Self.file):\(lines["String.1"]) (by BrokenAssembly)"))
    #expect(text.contains("registered at \(Self.file):\(lines["String.2"]) (by BrokenAssembly)"))
    #expect(text.contains("  registered at \(Self.file):\(lines["Int"])"))
    #expect(text.contains("asked for by Screen, registered at \(Self.file):\(lines["Screen"])"))
    #expect(
      report.problems.map { $0.location?.line } == [lines["Right"], lines["String.2"], lines["Int"], lines["Screen"]])
  }

  @Test func compilerDiagnosticsHaveOneExactLinePerProblem() throws {
    let lines = LineBook()
    let report = try Assembler([BrokenAssembly(lines: lines)]).assemble().validate()
    let path = #filePath
    #expect(
      report.compilerDiagnostics() == [
        "\(path):\(lines["Right"]): error: dependency cycle: Left -> Right -> Left; Right closes it by resolving "
          + "Left; Left registered at \(Self.file):\(lines["Left"])",
        "\(path):\(lines["String.2"]): error: String is registered 2 times; also registered at "
          + "\(Self.file):\(lines["String.1"]) (by BrokenAssembly); keep one registration, or pass `override: true` "
          + "to the one that should win",
        "\(path):\(lines["Int"]): error: the factory of Int failed: no port, even after retrying; chain: Int",
        "\(path):\(lines["Screen"]): error: Screen needs Service[local], which nothing registers; "
          + "chain: Screen -> Service[local]; registered for Service: Service[remote]",
      ])
  }

  @Test func aSoundGraphHasNoDiagnostics() {
    let registrar = Registrar()
    registerHomeGraph(registrar)
    #expect(registrar.makeContainer().validate().compilerDiagnostics().isEmpty)
  }

  @Test func aMissingKeyResolvedDirectlyIsADiagnosticWithoutAPlace() {
    let error = #expect(throws: ResolutionError.self) { try Registrar().makeContainer().resolve(Needed.self) }
    #expect(
      error?.compilerDiagnostic
        == "error: nothing registers Needed; chain: Needed; nothing else is registered for Needed")
  }
}

/// One problem of each kind, each registration's line noted in `lines`.
struct BrokenAssembly: Assembly {
  struct Screen: Sendable {}
  struct Service: Sendable {}
  struct Left: Sendable {}
  struct Right: Sendable {}

  let lines: LineBook

  func assemble(into registrar: Registrar) {
    lines.note("Screen", #line + 1)
    registrar.register(Screen.self) { r in
      _ = try r.resolve(Service.self, name: .local)
      return Screen()
    }
    lines.note("Service", #line + 1)
    registrar.register(Service.self, name: .remote) { _ in Service() }
    lines.note("Left", #line + 1)
    registrar.register(Left.self) { r in
      _ = try r.resolve(Right.self)
      return Left()
    }
    lines.note("Right", #line + 1)
    registrar.register(Right.self) { r in
      _ = try r.resolve(Left.self)
      return Right()
    }
    lines.note("String.1", #line + 1)
    registrar.register(String.self) { _ in "one" }
    lines.note("String.2", #line + 1)
    registrar.register(String.self) { _ in "two" }
    lines.note("Int", #line + 1)
    registrar.register(Int.self) { _ in throw FactoryFailure(description: "no port,\neven after retrying") }
  }
}
