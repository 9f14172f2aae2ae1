import Foundation

/// One contender's figures for one case.
struct Figure: Codable {
  /// The median of `samples`.
  let median: Double
  /// Every run's figure, in run order.
  let samples: [Double]

  init(samples: [Double]) {
    self.samples = samples
    self.median = medianOf(samples)
  }
}

/// A dependency-injection case: this project's container, Swinject and hand-written construction.
struct DIResult: Codable {
  let name: String
  /// `ns/op` or `ms/op`.
  let unit: String
  let ours: Figure
  let swinject: Figure
  let handWritten: Figure?
  /// What each contender does when the case is not the same operation for all (case 5).
  let note: String?

  var swinjectOverOurs: Double { swinject.median / ours.median }
  var oursOverHandWritten: Double? { handWritten.map { ours.median / $0.median } }

  enum CodingKeys: String, CodingKey {
    case name, unit, ours, swinject, handWritten, note, swinjectOverOurs, oursOverHandWritten
  }

  init(name: String, unit: String, ours: Figure, swinject: Figure, handWritten: Figure?, note: String? = nil) {
    self.name = name
    self.unit = unit
    self.ours = ours
    self.swinject = swinject
    self.handWritten = handWritten
    self.note = note
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    name = try container.decode(String.self, forKey: .name)
    unit = try container.decode(String.self, forKey: .unit)
    ours = try container.decode(Figure.self, forKey: .ours)
    swinject = try container.decode(Figure.self, forKey: .swinject)
    handWritten = try container.decodeIfPresent(Figure.self, forKey: .handWritten)
    note = try container.decodeIfPresent(String.self, forKey: .note)
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .name)
    try container.encode(unit, forKey: .unit)
    try container.encode(ours, forKey: .ours)
    try container.encode(swinject, forKey: .swinject)
    try container.encodeIfPresent(handWritten, forKey: .handWritten)
    try container.encodeIfPresent(note, forKey: .note)
    try container.encode(swinjectOverOurs, forKey: .swinjectOverOurs)
    try container.encodeIfPresent(oursOverHandWritten, forKey: .oursOverHandWritten)
  }
}

/// One HTTP client at one concurrency: requests per second and connections opened.
struct HTTPResult: Codable {
  let client: String
  let concurrency: Int
  let requests: Int
  /// Requests per second, per run.
  let requestsPerSecond: Figure
  /// Connections the server accepted, per run.
  let connections: [Int]
}

/// One app command run as a whole process.
struct AppResult: Codable {
  let command: String
  /// Wall time in milliseconds, per run.
  let wallMilliseconds: Figure
  /// Wall time over the floor's in the same round, per run.
  let overFloor: Figure
  /// Peak resident set size in megabytes (MiB), per run.
  let peakRSSMegabytes: Figure
  /// The most ``overFloor``'s median may be; nil when the command has no target.
  let limitOverFloor: Double?
  /// What one run did to the database, for a command that only reads it.
  let databaseIO: DatabaseIO?
}

/// The Courses home screen over the real assemblies against a slow origin.
struct FanOutResult: Codable {
  /// The origin's added latency per request, in milliseconds.
  let originDelayMilliseconds: Int
  /// Time of one settled `GetMainUseCase.read` with an empty cache, in milliseconds, per run.
  let milliseconds: Figure
  /// HTTP requests the origin received, per run.
  let requests: [Int]
  /// Waves of requests (round trips) the origin saw, per run.
  let roundTrips: [Int]
}

/// A stated goal and whether the latest figures meet it.
struct TargetCheck: Codable {
  let target: String
  let measured: String
  let met: Bool
}

/// Where the figures were taken.
struct Machine: Codable {
  let cores: Int
  let memoryGiB: Double
  let kernel: String
  let swift: String
  let build: String

  static var current: Machine {
    var names = utsname()
    uname(&names)
    let release = withUnsafeBytes(of: &names.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    #if compiler(>=6.4)
      let swift = "6.4 or later"
    #elseif compiler(>=6.3)
      let swift = "6.3"
    #else
      let swift = "before 6.3"
    #endif
    return Machine(
      cores: ProcessInfo.processInfo.activeProcessorCount,
      memoryGiB: (Double(ProcessInfo.processInfo.physicalMemory) / Double(1 << 30) * 10).rounded() / 10,
      kernel: "Linux " + release, swift: swift, build: "release")
  }
}

/// Everything one `benchmarks` run measured.
struct Report: Codable {
  var machine = Machine.current
  var di: [DIResult] = []
  var http: [HTTPResult] = []
  var app: [AppResult] = []
  var fanOut: FanOutResult?
  var cache: CacheResult?
  var ui: UIResult?
  var starScreen: StarScreenResult?
  var sync: SyncResult?
  var targets: [TargetCheck] = []
  /// Why a section was skipped or failed.
  var problems: [String] = []
}
