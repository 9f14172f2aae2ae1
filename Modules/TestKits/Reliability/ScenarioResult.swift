/// The outcome of one reliability scenario, as `make stress` tabulates it.
public struct ScenarioResult: Sendable, CustomStringConvertible {
  /// What was tried.
  public let name: String
  /// How many times.
  public let runs: Int
  /// How many runs met every expectation.
  public let passed: Int
  /// Runs after which user data (stocked courses, the cache) was lost or damaged.
  public let dataLossIncidents: Int
  /// The first few failures, for diagnosis.
  public let failures: [String]

  /// Creates a result.
  public init(name: String, runs: Int, passed: Int, dataLossIncidents: Int, failures: [String]) {
    self.name = name
    self.runs = runs
    self.passed = passed
    self.dataLossIncidents = dataLossIncidents
    self.failures = failures
  }

  /// Whether every run passed and nothing was lost.
  public var isClean: Bool { passed == runs && dataLossIncidents == 0 }

  /// One line: name, runs, passed, data-loss incidents.
  public var description: String {
    "\(name): \(passed)/\(runs) passed, \(dataLossIncidents) data-loss incidents"
      + (failures.isEmpty ? "" : "; first failure: \(failures[0])")
  }
}

/// Collects pass/fail and data-loss counts while a scenario runs.
public struct ScenarioTally {
  /// The scenario's name.
  public var name: String
  private(set) var runs = 0
  private(set) var passed = 0
  private(set) var dataLoss = 0
  private(set) var failures: [String] = []

  /// Starts a tally for the scenario `name`.
  public init(_ name: String) {
    self.name = name
  }

  /// Records one run: `problems` empty means it passed; `lostData` counts an incident.
  public mutating func record(problems: [String], lostData: Bool = false) {
    runs += 1
    if problems.isEmpty { passed += 1 } else if failures.count < 5 { failures.append(problems.joined(separator: "; ")) }
    if lostData { dataLoss += 1 }
  }

  /// The result so far.
  public var result: ScenarioResult {
    ScenarioResult(name: name, runs: runs, passed: passed, dataLossIncidents: dataLoss, failures: failures)
  }
}

/// A small, fast, seeded random number generator (SplitMix64), so every stress run can be replayed.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Creates a generator from `seed`.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
