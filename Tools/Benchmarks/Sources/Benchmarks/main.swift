import Foundation

/// `benchmarks [--json] [--app PATH --floor PATH] [--only di,http,app,fanout,cache,ui,sync] [--runs N] [--strict]
/// [--profile CASE]`
///
/// Prints a table (or, with `--json`, only JSON) of the figures and the targets they meet; progress goes to
/// standard error. `--strict` exits 1 when a target is missed. `--profile CASE` only loops one DI case
/// (`singleton`, `graph`, `named`, `validate`; `BENCH_PROFILE_ROUNDS` iterations) for `perf` or callgrind.
struct Options {
  var json = false
  var app: String?
  var floor: String?
  var sections: Set<String> = ["di", "http", "app", "fanout", "cache", "ui", "sync"]
  var runs = 7
  var strict = false
  var profile: String?

  init(_ arguments: [String]) throws {
    var iterator = arguments.makeIterator()
    while let argument = iterator.next() {
      switch argument {
      case "--json": json = true
      case "--strict": strict = true
      case "--app":
        guard let path = iterator.next() else { throw BenchmarkFailure("--app needs a path") }
        app = path
      case "--floor":
        guard let path = iterator.next() else { throw BenchmarkFailure("--floor needs a path") }
        floor = path
      case "--only":
        guard let list = iterator.next() else {
          throw BenchmarkFailure("--only needs di,http,app,fanout,cache,ui,sync")
        }
        sections = Set(list.split(separator: ",").map(String.init))
      case "--runs":
        guard let text = iterator.next(), let value = Int(text), value >= 5 else {
          throw BenchmarkFailure("--runs needs a number, at least 5")
        }
        runs = value
      case "--profile":
        // Runs one case in a loop for a profiler: singleton, graph, named, validate.
        guard let name = iterator.next() else { throw BenchmarkFailure("--profile needs a case name") }
        profile = name
      case "-h", "--help":
        print(
          """
          usage: benchmarks [--json] [--app PATH --floor PATH] [--only di,http,app,fanout,cache,ui,sync] [--runs N (>= 5)]
                            [--strict]
                 benchmarks --profile singleton|graph|named|validate   (BENCH_PROFILE_ROUNDS=N)
          """)
        exit(0)
      default:
        throw BenchmarkFailure("unknown argument \(argument); see --help")
      }
    }
  }
}

func progress(_ text: String) {
  FileHandle.standardError.write(Data("bench: \(text)\n".utf8))
}

func main() async -> Int32 {
  let options: Options
  do {
    options = try Options(Array(CommandLine.arguments.dropFirst()))
  } catch {
    progress("\(error)")
    return 64
  }
  if let name = options.profile {
    do {
      try Profiling.run(name)
      return 0
    } catch {
      progress("\(error)")
      return 1
    }
  }
  var report = Report()
  if options.sections.contains("di") {
    progress("dependency injection (cases 1-5)…")
    do {
      report.di = try DIBenchmarks(settings: MeasureSettings(runs: options.runs)).run()
    } catch {
      report.problems.append("DI: \(error)")
    }
  }
  if options.sections.contains("http") {
    progress("HTTP over loopback…")
    do {
      report.http = try await HTTPBenchmarks(runs: options.runs).run()
    } catch {
      report.problems.append("HTTP: \(error)")
    }
  }
  if options.sections.contains("app") {
    if let app = options.app, let floor = options.floor {
      progress("app processes against the floor…")
      do {
        report.app = try await AppBenchmarks(app: app, floor: floor, runs: options.runs).run()
      } catch {
        report.problems.append("app: \(error)")
      }
    } else {
      report.problems.append("app: skipped, it needs --app PATH and --floor PATH")
    }
  }
  if options.sections.contains("cache") {
    if let app = options.app {
      progress("the cache with 10 and with 10,000 cached searches…")
      do {
        report.cache = try await CacheBenchmark(app: app, runs: options.runs).run()
      } catch {
        report.problems.append("cache: \(error)")
      }
    } else {
      report.problems.append("cache: skipped, it needs --app PATH")
    }
  }
  if options.sections.contains("ui") {
    if let app = options.app {
      progress("app ui through a pseudo-terminal: keys to frames, the first frame, memory over 10,000 keys…")
      do {
        report.ui = try await UIBenchmark(app: app, runs: options.runs).run()
      } catch {
        report.problems.append("ui: \(error)")
      }
      progress(
        "app ui search: * with GitHub silent, a star from another process, \(StarScreenBenchmark.idleSeconds) s idle…")
      do {
        report.starScreen = try await StarScreenBenchmark(app: app, runs: options.runs).run()
      } catch {
        report.problems.append("ui (stars): \(error)")
      }
    } else {
      report.problems.append("ui: skipped, it needs --app PATH")
    }
  }
  if options.sections.contains("sync") {
    if let app = options.app {
      progress("app sync of \(SyncBenchmark.toggles) waiting stars and unstars over \(SyncBenchmark.repos) repos…")
      do {
        report.sync = try await SyncBenchmark(app: app, runs: options.runs).run()
      } catch {
        report.problems.append("sync: \(error)")
      }
    } else {
      report.problems.append("sync: skipped, it needs --app PATH")
    }
  }
  if options.sections.contains("fanout") {
    progress("Courses home screen against a slow origin…")
    do {
      report.fanOut = try await FanOutBenchmark(runs: options.runs).run()
    } catch {
      report.problems.append("fan-out: \(error)")
    }
  }
  report.targets = Targets.check(report)

  if options.json {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    do {
      print(String(decoding: try encoder.encode(report), as: UTF8.self))
    } catch {
      progress("could not encode the report: \(error)")
      return 1
    }
  } else {
    print(Table.render(report), terminator: "")
  }
  if !report.problems.isEmpty { return 1 }
  return options.strict && report.targets.contains { !$0.met } ? 1 : 0
}

exit(await main())
