import DI
import Swinject

/// A benchmark setup that went wrong: a wrong object, a failed resolve.
struct BenchmarkFailure: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}

/// Cases 1 to 6: this project's container against Swinject 2.10.0 and hand-written construction; then the first
/// resolve of the graphs of cases 2 and 6 in a fresh process (2c, 6c).
struct DIBenchmarks {
  let settings: MeasureSettings

  func run() throws -> [DIResult] {
    let ours = try Assembler([GraphAssembly()]).assemble()
    let swinject = makeSwinjectResolver()
    let hand = HandWritten()
    try check(ours: ours, swinject: swinject.value)
    let name = RepositoryNames.resolvedName

    var results: [DIResult] = []
    results.append(
      try compare(
        "1. singleton resolve", unit: "ns/op",
        ours: { n in for _ in 0..<n { blackHole(try ours.resolve(Settings.self)) } },
        swinject: { n in for _ in 0..<n { blackHole(swinject.value.resolve(Settings.self)) } },
        hand: { n in for _ in 0..<n { blackHole(hand.settings) } }))
    results.append(
      try compare(
        "2. transient graph, 3 levels, 6 objects", unit: "ns/op",
        ours: { n in for _ in 0..<n { blackHole(try ours.resolve(Root.self)) } },
        swinject: { n in for _ in 0..<n { blackHole(swinject.value.resolve(Root.self)) } },
        hand: { n in for _ in 0..<n { blackHole(hand.makeRoot()) } }))
    results.append(
      try compare(
        "3. named resolve (1 of 4 names, singleton)", unit: "ns/op",
        ours: { n in for _ in 0..<n { blackHole(try ours.resolve(Repository.self, name: .remote)) } },
        swinject: { n in for _ in 0..<n { blackHole(swinject.value.resolve(Repository.self, name: name)) } },
        hand: { n in for _ in 0..<n { blackHole(hand.repositories[name]) } }))
    let threaded = measureOnTwoThreads(
      settings,
      [
        { n in for _ in 0..<n { blackHole(try? ours.resolve(Root.self)) } },
        { n in for _ in 0..<n { blackHole(swinject.value.resolve(Root.self)) } },
        { n in for _ in 0..<n { blackHole(hand.makeRoot()) } },
      ])
    results.append(
      DIResult(
        name: "4. graph of case 2 from 2 threads (wall time / resolves)", unit: "ns/op",
        ours: Figure(samples: threaded[0]), swinject: Figure(samples: threaded[1]),
        handWritten: Figure(samples: threaded[2])))
    results += try thousandRegistrations()
    results.append(try wideGraph())
    results += try ColdResolve.measure(rounds: 2 * settings.runs + 1)
    return results
  }

  /// The name of case 6, which says the graph's shape.
  static let wideGraphCase = "6. wide graph, 4 levels, 41 resolves: 21 new objects, 20 singletons, 20 by name"

  /// Case 6: the wide graph of `WideGraph.swift`, where most resolves are of singletons or by name.
  private func wideGraph() throws -> DIResult {
    let ours = try Assembler([WideGraphAssembly()]).assemble()
    let swinject = makeSwinjectWideResolver()
    let hand = HandWrittenWide()
    try checkWideGraph(try ours.resolve(WideRoot.self), try ours.resolve(WideRoot.self), contender: "DI")
    guard let first = swinject.value.resolve(WideRoot.self), let second = swinject.value.resolve(WideRoot.self) else {
      throw BenchmarkFailure("Swinject did not resolve the wide graph")
    }
    try checkWideGraph(first, second, contender: "Swinject")
    try checkWideGraph(hand.makeRoot(), hand.makeRoot(), contender: "by hand")
    return try compare(
      Self.wideGraphCase, unit: "ns/op",
      ours: { n in for _ in 0..<n { blackHole(try ours.resolve(WideRoot.self)) } },
      swinject: { n in for _ in 0..<n { blackHole(swinject.value.resolve(WideRoot.self)) } },
      hand: { n in for _ in 0..<n { blackHole(hand.makeRoot()) } })
  }

  /// Case 5: assemble and validate 1,000 registrations (Swinject: assemble and resolve all 1,000).
  private func thousandRegistrations() throws -> [DIResult] {
    _ = ThousandGraph.types
    let samples = try measure(
      settings,
      [
        { n in
          for _ in 0..<n {
            let container = try DI.Assembler([ThousandAssembly()]).assemble()
            let report = container.validate()
            guard report.isValid, report.keys.count == ThousandGraph.count else {
              throw BenchmarkFailure("validate() of 1,000 registrations: \(report)")
            }
            blackHole(report)
          }
        },
        { n in
          for _ in 0..<n {
            let container = try DI.Assembler([ThousandAssembly()]).assemble()
            for type in ThousandGraph.types {
              blackHole(try resolveNode(type, in: container))
            }
          }
        },
        { n in
          for _ in 0..<n {
            let container = Swinject.Container()
            let assembler = Swinject.Assembler([SwinjectThousandAssembly()], container: container)
            let resolver = container.synchronize()
            for type in ThousandGraph.types {
              guard let node = resolveNode(type, in: resolver) else {
                throw BenchmarkFailure("Swinject did not resolve \(type)")
              }
              blackHole(node)
            }
            blackHole(assembler)
          }
        },
        { n in for _ in 0..<n { blackHole(buildThousandByHand()) } },
      ]
    ).map { Figure(samples: $0.map { $0 / 1e6 }) }
    return [
      DIResult(
        name: "5. assemble + validate 1,000 registrations", unit: "ms/op",
        ours: samples[0], swinject: samples[2], handWritten: samples[3],
        note: "DI: Assembler.assemble() + validate(); Swinject has no validate: Assembler + synchronize() + "
          + "resolve all 1,000; by hand: construct all 1,000"),
      DIResult(
        name: "5b. assemble + resolve all 1,000 (Swinject's work)", unit: "ms/op",
        ours: samples[1], swinject: samples[2], handWritten: samples[3],
        note: "DI: Assembler.assemble() + resolve all 1,000, no validation"),
    ]
  }

  private func compare(
    _ name: String, unit: String, ours: @escaping (Int) throws -> Void, swinject: @escaping (Int) throws -> Void,
    hand: @escaping (Int) throws -> Void
  ) throws -> DIResult {
    let samples = try measure(settings, [ours, swinject, hand])
    return DIResult(
      name: name, unit: unit, ours: Figure(samples: samples[0]), swinject: Figure(samples: samples[1]),
      handWritten: Figure(samples: samples[2]))
  }

  /// Makes sure every contender builds what the case claims before anything is timed.
  private func check(ours: DI.Container, swinject: any Swinject.Resolver) throws {
    let root = try ours.resolve(Root.self)
    guard root.isComplete, root !== (try ours.resolve(Root.self)) else {
      throw BenchmarkFailure("DI: the transient graph is wrong")
    }
    guard let other = swinject.resolve(Root.self), other.isComplete, other !== swinject.resolve(Root.self) else {
      throw BenchmarkFailure("Swinject: the transient graph is wrong")
    }
    guard try ours.resolve(Settings.self) === (try ours.resolve(Settings.self)),
      swinject.resolve(Settings.self) === swinject.resolve(Settings.self)
    else {
      throw BenchmarkFailure("a singleton is built twice")
    }
    guard try ours.resolve(Repository.self, name: .remote).label == RepositoryNames.resolvedName,
      swinject.resolve(Repository.self, name: RepositoryNames.resolvedName)?.label == RepositoryNames.resolvedName
    else {
      throw BenchmarkFailure("a named resolve returned the wrong repository")
    }
  }
}
