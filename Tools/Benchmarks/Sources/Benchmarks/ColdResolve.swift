import DI
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The first resolve of a graph in a fresh process, beside the warm figures of cases 2 and 6.
///
/// Each run starts this program again with `--profile cold-<graph>-<contender>`: it assembles the graph (not
/// timed), times one resolve, the process's first, and prints the nanoseconds. What the warm loop never pays shows
/// here: the thread's first resolve, code and data not yet in the caches or not yet paged in, a singleton's first
/// build, allocations of sizes not yet seen. The contenders' runs alternate, as in the warm cases.
enum ColdResolve {
  static let graphs = ["graph", "wide"]
  static let contenders = ["di", "swinject", "hand"]

  /// Runs each graph's contenders `rounds` times in fresh processes: one result per graph, in microseconds.
  static func measure(rounds: Int) throws -> [DIResult] {
    let executable = try ownPath()
    var results: [DIResult] = []
    for graph in graphs {
      var samples = Array(repeating: [Double](), count: contenders.count)
      for _ in 0..<rounds {
        for (index, contender) in contenders.enumerated() {
          samples[index].append(try run(executable, case: "cold-\(graph)-\(contender)") / 1_000)
        }
      }
      let name =
        graph == "graph"
        ? "2c. cold: the first resolve of case 2's graph in a fresh process"
        : "6c. cold: the first resolve of case 6's graph in a fresh process"
      results.append(
        DIResult(
          name: name, unit: "µs/op", ours: Figure(samples: samples[0]), swinject: Figure(samples: samples[1]),
          handWritten: Figure(samples: samples[2])))
    }
    return results
  }

  /// In a fresh process: assembles `graph` for `contender`, times its first resolve and prints the nanoseconds.
  static func runChild(_ name: String) throws {
    let parts = name.split(separator: "-").map(String.init)
    guard parts.count == 3, parts[0] == "cold", graphs.contains(parts[1]), contenders.contains(parts[2]) else {
      throw BenchmarkFailure("unknown cold case \(name)")
    }
    let elapsed: UInt64
    switch (parts[1], parts[2]) {
    case ("graph", "di"):
      let container = try Assembler([GraphAssembly()]).assemble()
      elapsed = try timed(1) { _ in blackHole(try container.resolve(Root.self)) }
    case ("graph", "swinject"):
      let resolver = makeSwinjectResolver()
      elapsed = timed(1) { _ in blackHole(resolver.value.resolve(Root.self)) }
    case ("graph", _):
      let hand = HandWritten()
      elapsed = timed(1) { _ in blackHole(hand.makeRoot()) }
    case ("wide", "di"):
      let container = try Assembler([WideGraphAssembly()]).assemble()
      elapsed = try timed(1) { _ in blackHole(try container.resolve(WideRoot.self)) }
    case ("wide", "swinject"):
      let resolver = makeSwinjectWideResolver()
      elapsed = timed(1) { _ in blackHole(resolver.value.resolve(WideRoot.self)) }
    default:
      let hand = HandWrittenWide()
      elapsed = timed(1) { _ in blackHole(hand.makeRoot()) }
    }
    print(elapsed)
  }

  /// This program's own executable.
  private static func ownPath() throws -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard length > 0 else { throw BenchmarkFailure("cannot find this program: \(String(cString: strerror(errno)))") }
    return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Starts `executable --profile name`, reads the nanoseconds it prints, and waits for it.
  private static func run(_ executable: String, case name: String) throws -> Double {
    var pipe: [Int32] = [0, 0]
    guard Glibc.pipe(&pipe) == 0 else { throw BenchmarkFailure("pipe failed: \(String(cString: strerror(errno)))") }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
    posix_spawn_file_actions_addclose(&actions, pipe[0])
    posix_spawn_file_actions_addclose(&actions, pipe[1])
    let arguments = [executable, "--profile", name]
    let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
    close(pipe[1])
    guard spawned == 0 else {
      close(pipe[0])
      throw BenchmarkFailure("could not start \(executable): \(String(cString: strerror(spawned)))")
    }
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 256)
    while true {
      let count = read(pipe[0], &chunk, chunk.count)
      if count > 0 {
        output += chunk[..<count]
      } else if count == 0 || errno != EINTR {
        break
      }
    }
    close(pipe[0])
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else { throw BenchmarkFailure("waitpid failed: \(String(cString: strerror(errno)))") }
    }
    let text = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard status == 0, let nanoseconds = Double(text) else {
      throw BenchmarkFailure("\(name) in a fresh process failed (status \(status)): \(text)")
    }
    return nanoseconds
  }
}
