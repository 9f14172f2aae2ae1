import DI
import Foundation

/// One case in a loop for a few seconds, for `perf record` or `valgrind --tool=callgrind`.
enum Profiling {
  static func run(_ name: String) throws {
    if name.hasPrefix("cold-") {
      // One first resolve in this fresh process, for the cold rows (see `ColdResolve`).
      return try ColdResolve.runChild(name)
    }
    let container = try Assembler([GraphAssembly()]).assemble()
    let rounds = Int(ProcessInfo.processInfo.environment["BENCH_PROFILE_ROUNDS"] ?? "") ?? 10_000_000
    switch name {
    case "singleton":
      for _ in 0..<rounds { blackHole(try container.resolve(Settings.self)) }
    case "graph":
      for _ in 0..<rounds { blackHole(try container.resolve(Root.self)) }
    case "wide":
      let wide = try Assembler([WideGraphAssembly()]).assemble()
      for _ in 0..<rounds { blackHole(try wide.resolve(WideRoot.self)) }
    case "named":
      for _ in 0..<rounds { blackHole(try container.resolve(Repository.self, name: .remote)) }
    case "validate":
      for _ in 0..<max(rounds / 10_000, 1) {
        blackHole(try Assembler([ThousandAssembly()]).assemble().validate())
      }
    default:
      throw BenchmarkFailure("unknown profile case \(name)")
    }
  }
}
