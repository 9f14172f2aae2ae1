import Foundation

/// Feeds mutated copies of real responses to the response decoders: every outcome must be a value or a
/// typed error, never a crash, and memory must stay bounded.
public enum DecoderFuzzing {
  /// One decoder and a real response it reads.
  public struct Target: Sendable {
    /// What is decoded, for the report.
    public let name: String
    /// A real response body.
    public let sample: Data
    /// Decodes a body, throwing a typed error when it cannot.
    public let decode: @Sendable (Data) throws -> Void

    /// Creates a target.
    public init(name: String, sample: Data, decode: @escaping @Sendable (Data) throws -> Void) {
      self.name = name
      self.sample = sample
      self.decode = decode
    }
  }

  /// A feature's decoders, what counts as their typed error, and how the report names them.
  public struct Suite: Sendable {
    /// The report's name: `fuzzed Courses responses`.
    public let name: String
    /// The decoders and their samples.
    public let targets: [Target]
    /// Whether an error is one of the decoders' typed errors (anything else is a failure).
    public let isTypedError: @Sendable (any Error) -> Bool

    /// Creates a suite.
    public init(name: String, targets: [Target], isTypedError: @escaping @Sendable (any Error) -> Bool) {
      self.name = name
      self.targets = targets
      self.isTypedError = isTypedError
    }

    /// Runs ``DecoderFuzzing/run(_:targets:iterations:seed:memoryLimit:isTypedError:)`` on the suite.
    public func run(iterations: Int, seed: UInt64) -> ScenarioResult {
      DecoderFuzzing.run(name, targets: targets, iterations: iterations, seed: seed, isTypedError: isTypedError)
    }
  }

  /// Runs `iterations` mutated decodes spread over `targets`, with mutations drawn from `seed`.
  ///
  /// A run passes when the decoder returns or throws an error of `expectedError`'s kind; memory growth over
  /// `memoryLimit` bytes across the whole scenario counts as one failed run.
  public static func run(
    _ name: String, targets: [Target], iterations: Int, seed: UInt64, memoryLimit: Int = 64 << 20,
    isTypedError: (any Error) -> Bool
  ) -> ScenarioResult {
    var tally = ScenarioTally(name)
    var random = SeededGenerator(seed: seed)
    let before = residentBytes()
    var decoded = 0
    for index in 0..<iterations {
      let target = targets[index % targets.count]
      let input = mutate(target.sample, using: &random)
      do {
        try target.decode(input)
        decoded += 1
        tally.record(problems: [])
      } catch {
        tally.record(problems: isTypedError(error) ? [] : ["\(target.name): untyped \(type(of: error)): \(error)"])
      }
    }
    let growth = residentBytes() - before
    if growth > memoryLimit {
      tally.record(problems: ["resident memory grew by \(growth >> 20) MiB"])
    }
    return tally.result
  }

  /// A copy of `data` with one to three random mutations: flipped bytes, cut or repeated slices, stray JSON
  /// tokens, truncation, or a value of the wrong type.
  static func mutate(_ data: Data, using random: inout SeededGenerator) -> Data {
    var bytes = [UInt8](data)
    for _ in 0..<Int.random(in: 1...3, using: &random) where !bytes.isEmpty {
      let at = Int.random(in: 0..<bytes.count, using: &random)
      switch Int.random(in: 0..<6, using: &random) {
      case 0:
        bytes[at] = UInt8.random(in: 0...255, using: &random)
      case 1:
        bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...64, using: &random)))
      case 2:
        let slice = bytes[at..<min(bytes.count, at + Int.random(in: 1...256, using: &random))]
        bytes.insert(contentsOf: slice, at: at)
      case 3:
        let tokens = [
          "{", "}", "[", "]", "\"", ":", ",", "null", "true", "-1", "1e309", "\"\\u0000\"", "9223372036854775808",
        ]
        bytes.insert(contentsOf: Array(tokens[Int.random(in: 0..<tokens.count, using: &random)].utf8), at: at)
      case 4:
        bytes.removeSubrange(at...)
      default:
        if let digit = bytes[at...].firstIndex(where: { (0x30...0x39).contains($0) }) {
          bytes.replaceSubrange(digit...digit, with: Array("\"x\"".utf8))
        } else if let quote = bytes[at...].firstIndex(of: 0x22) {
          bytes.replaceSubrange(quote...quote, with: Array("7".utf8))
        }
      }
    }
    return Data(bytes)
  }

  /// The process's resident memory in bytes (Linux), or 0 when unknown.
  static func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }
}
