import DI
import Synchronization

protocol CourseRepository: Sendable {
  var origin: String { get }
}

struct LocalCourseRepository: CourseRepository {
  let origin = "cache"
}

struct RemoteCourseRepository: CourseRepository {
  let origin = "network"
}

struct GetMainUseCase: Sendable {
  let local: any CourseRepository
  let remote: any CourseRepository
}

struct CoursesHomePresenter: Sendable {
  let useCase: GetMainUseCase
}

/// Counts how many instances were built, from any thread.
final class BuildCounter: Sendable {
  private let count = Mutex(0)

  func increment() {
    count.withLock { $0 += 1 }
  }

  var value: Int { count.withLock { $0 } }
}

final class Expensive: Sendable {
  init(counter: BuildCounter) {
    counter.increment()
  }
}

extension Name {
  static let github = Name("github")
}

/// Registers the seed's home-screen graph; `includeLocal: false` leaves out the local repository.
func registerHomeGraph(_ registrar: Registrar, includeLocal: Bool = true) {
  if includeLocal {
    registrar.register((any CourseRepository).self, name: .local, scope: .singleton) { _ in LocalCourseRepository() }
  }
  registrar.register((any CourseRepository).self, name: .remote, scope: .singleton) { _ in RemoteCourseRepository() }
  registrar.register(GetMainUseCase.self) { r in
    GetMainUseCase(local: try r.resolve(name: .local), remote: try r.resolve(name: .remote))
  }
  registrar.register(CoursesHomePresenter.self) { r in CoursesHomePresenter(useCase: try r.resolve()) }
}

/// The lines of registrations, noted next to them (`lines.note("A", #line + 1)`) where a test cannot keep a local.
final class LineBook: Sendable {
  private let lines = Mutex<[String: Int]>([:])

  func note(_ name: String, _ line: Int) {
    lines.withLock { $0[name] = line }
  }

  subscript(_ name: String) -> Int { lines.withLock { $0[name] ?? -1 } }
}

/// A factory's own error, with a fixed text.
struct FactoryFailure: Error, CustomStringConvertible {
  let description: String
}
