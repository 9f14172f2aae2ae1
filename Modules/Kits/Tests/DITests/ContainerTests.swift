import DI
import TestScheduling
import Testing

@Suite(.untimed) struct ContainerTests {
  @Test func namedRegistrationsOfOneProtocolResolveSideBySide() throws {
    let registrar = Registrar()
    registerHomeGraph(registrar)
    let container = registrar.makeContainer()

    let local = try container.resolve((any CourseRepository).self, name: .local)
    let remote = try container.resolve((any CourseRepository).self, name: .remote)
    #expect(local.origin == "cache")
    #expect(remote.origin == "network")
    #expect(local is LocalCourseRepository)
    #expect(remote is RemoteCourseRepository)

    let presenter = try container.resolve(CoursesHomePresenter.self)
    #expect(presenter.useCase.local.origin == "cache")
    #expect(presenter.useCase.remote.origin == "network")
  }

  @Test func unnamedAndNamedAreDifferentKeys() throws {
    let registrar = Registrar()
    registrar.register(String.self) { _ in "plain" }
    registrar.register(String.self, name: .github) { _ in "github" }
    let container = registrar.makeContainer()
    #expect(try container.resolve(String.self) == "plain")
    #expect(try container.resolve(String.self, name: .github) == "github")
    #expect(container.contains(String.self))
    #expect(!container.contains(String.self, name: .local))
  }

  @Test func transientBuildsEachTimeSingletonOnce() throws {
    let transientCount = BuildCounter()
    let singletonCount = BuildCounter()
    let registrar = Registrar()
    registrar.register(Expensive.self) { _ in Expensive(counter: transientCount) }
    registrar.register(Expensive.self, name: .local, scope: .singleton) { _ in Expensive(counter: singletonCount) }
    let container = registrar.makeContainer()

    let first = try container.resolve(Expensive.self)
    let second = try container.resolve(Expensive.self)
    #expect(first !== second)
    #expect(transientCount.value == 2)

    let one = try container.resolve(Expensive.self, name: .local)
    let two = try container.resolve(Expensive.self, name: .local)
    #expect(one === two)
    #expect(singletonCount.value == 1)
  }

  @Test func factoryErrorIsWrappedWithKeyAndChain() throws {
    struct Broken: Error, CustomStringConvertible {
      var description: String { "COURSES_API_URL is not a URL" }
    }
    let registrar = Registrar()
    registrar.register(Int.self) { _ in throw Broken() }
    registrar.register(String.self) { r in String(try r.resolve(Int.self)) }
    let container = registrar.makeContainer()

    let error = #expect(throws: ResolutionError.self) { try container.resolve(String.self) }
    guard case .factoryFailed(let key, let chain, let underlying, _) = error else {
      Issue.record("expected factoryFailed, got \(String(describing: error))")
      return
    }
    #expect(key.description == "Int")
    #expect(chain.map(\.description) == ["String", "Int"])
    #expect(underlying is Broken)
    #expect(error?.description.contains("The factory of Int failed: COURSES_API_URL is not a URL") == true)
  }

  @Test func overridingReplacesOneRegistrationAndKeepsTheRest() throws {
    let registrar = Registrar()
    registerHomeGraph(registrar)
    let container = registrar.makeContainer()
    let original = try container.resolve(CoursesHomePresenter.self)

    struct FakeRepository: CourseRepository { let origin = "fake" }
    let child = container.overriding { overrides in
      overrides.register((any CourseRepository).self, name: .remote, scope: .singleton) { _ in FakeRepository() }
    }

    let presenter = try child.resolve(CoursesHomePresenter.self)
    #expect(presenter.useCase.remote.origin == "fake")
    #expect(presenter.useCase.local.origin == "cache")
    #expect(original.useCase.remote.origin == "network")
    #expect(try container.resolve(CoursesHomePresenter.self).useCase.remote.origin == "network")
    #expect(child.validate().isValid)
  }

  @Test func overriddenContainerBuildsItsOwnSingletons() throws {
    let counter = BuildCounter()
    let registrar = Registrar()
    registrar.register(Expensive.self, scope: .singleton) { _ in Expensive(counter: counter) }
    let container = registrar.makeContainer()
    let parentInstance = try container.resolve(Expensive.self)
    let child = container.overriding { _ in }
    let childInstance = try child.resolve(Expensive.self)
    #expect(parentInstance !== childInstance)
    #expect(counter.value == 2)
  }

  @Test func explicitOverrideIsNotADuplicate() throws {
    let registrar = Registrar()
    registrar.register(String.self) { _ in "first" }
    registrar.register(String.self, override: true) { _ in "second" }
    let container = registrar.makeContainer()
    #expect(try container.resolve(String.self) == "second")
    #expect(container.validate().isValid)
  }

  @Test func keysAreListedSorted() {
    let registrar = Registrar()
    registerHomeGraph(registrar)
    let keys = registrar.makeContainer().keys.map(\.description)
    #expect(keys == ["CourseRepository[local]", "CourseRepository[remote]", "CoursesHomePresenter", "GetMainUseCase"])
  }
}

@Suite(.untimed) struct ResolveAllTests {
  struct Migration: Sendable { let id: String }

  @Test func collectsEveryNamedContributionInNameOrder() throws {
    let registrar = Registrar()
    registrar.register(Migration.self, name: Name("search")) { _ in Migration(id: "search.v1") }
    registrar.register(Migration.self, name: Name("courses")) { _ in Migration(id: "courses.v1") }
    registrar.register(Migration.self) { _ in Migration(id: "base") }
    registrar.register([String].self) { r in try r.resolveAll(Migration.self).map(\.id) }
    let container = registrar.makeContainer()

    #expect(try container.resolve([String].self) == ["base", "courses.v1", "search.v1"])
    #expect(try container.resolveAll(Int.self).isEmpty)
    let report = container.validate()
    #expect(report.isValid)
    #expect(report.edges.filter { $0.from.typeName == "Array<String>" }.count == 3)
  }

  @Test func aFailingContributionFailsTheCollector() {
    struct Broken: Error {}
    let registrar = Registrar()
    registrar.register(Migration.self, name: .local) { _ in throw Broken() }
    registrar.register([String].self) { r in try r.resolveAll(Migration.self).map(\.id) }
    let error = #expect(throws: ResolutionError.self) { try registrar.makeContainer().resolve([String].self) }
    #expect(error?.chain.map(\.description) == ["Array<String>", "Migration[local]"])
  }
}
