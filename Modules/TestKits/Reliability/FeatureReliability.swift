import Foundation
import TestSupport

/// A feature's part of the reliability scenarios: `make stress`, `AppTests` and the feature's own tests run it.
///
/// A feature named `Foo` declares `public enum FooReliability: FeatureReliability` in its `FooTesting` module;
/// the registry of every feature's part is generated at build time, like the app's registry of features, so the
/// stress tool and `AppTests` name no feature.
public protocol FeatureReliability {
  /// Scenarios of the feature's own against the built app, at the size `make stress` runs them.
  static func scenarios(seed: UInt64) -> [ReliabilityScenario]
  /// The feature's response decoders with real samples, for ``DecoderFuzzing``.
  static func fuzzing() async throws -> [DecoderFuzzing.Suite]
  /// Command lines of the feature's that must be usage errors, each with a piece of the message they must get.
  static var hostileArguments: [(arguments: [String], message: String)] { get }
  /// The feature's part of the ``FaultMatrix``: its origin and its commands.
  static func faultMatrix() async throws -> FaultMatrixPart
  /// The `app ui` sessions of the feature's that ``ScreenFaults`` runs under every fault (a default below).
  static var screenRuns: [ScreenRun] { get }
}

extension FeatureReliability {
  /// `app ui <feature>` with the default keys, the feature being the part's type name without `Reliability`,
  /// lowercased (`FooReliability`: `app ui foo`, the feature's command name); a feature that has no screens is
  /// skipped, since the app says so before it takes the screen. A feature declares its own for other arguments or
  /// keys.
  public static var screenRuns: [ScreenRun] {
    var name = String(describing: Self.self)
    if name.hasSuffix("Reliability") { name.removeLast("Reliability".count) }
    return [ScreenRun(arguments: [name.lowercased()], mayHaveNoScreens: true)]
  }
}

/// A named reliability scenario.
public struct ReliabilityScenario: Sendable, CustomStringConvertible {
  /// What it tries, as the table names it.
  public let name: String
  /// Whether it kills the app with SIGKILL, over and over, at random moments: `make stress` runs it, `make test`
  /// leaves it to `make stress` (its cost is its many runs; what it proves needs no second run per build).
  public let killsTheApp: Bool
  /// Runs it.
  public let run: @Sendable () async throws -> ScenarioResult

  /// Creates a scenario; `killsTheApp` when it `kill -9`s the app.
  public init(
    _ name: String, killsTheApp: Bool = false, run: @escaping @Sendable () async throws -> ScenarioResult
  ) {
    self.name = name
    self.killsTheApp = killsTheApp
    self.run = run
  }

  /// The name.
  public var description: String { name }
}

/// A feature's part of the fault matrix: its loopback origin, what a warm cache holds, and its commands.
public struct FaultMatrixPart: Sendable {
  /// The feature's healthy origin, which the matrix's server puts its faults in front of.
  public let origin: any FaultOrigin
  /// Command lines run once against the healthy origin to warm the cache and store user data.
  public let setup: [[String]]
  /// SQL answering the rows of user data (never expired, never lost), one text per row, in a stable order.
  public let userData: [String]
  /// Cache entries (`namespace key`) a command of the matrix drops on purpose.
  public let droppedCacheEntries: Set<String>
  /// The commands every fault is met with.
  public let commands: [FaultMatrixCommand]

  /// Creates a part.
  public init(
    origin: any FaultOrigin, setup: [[String]], userData: [String] = [], droppedCacheEntries: Set<String> = [],
    commands: [FaultMatrixCommand]
  ) {
    self.origin = origin
    self.setup = setup
    self.userData = userData
    self.droppedCacheEntries = droppedCacheEntries
    self.commands = commands
  }
}

/// A command of the fault matrix and the exit status it must end with under each fault.
public struct FaultMatrixCommand: Sendable {
  /// Its name in the report: `courses home`.
  public let name: String
  /// The arguments, cold and warm; warm runs of cached reads ask for a refresh, so the fault is met.
  public let arguments: @Sendable (_ warm: Bool) -> [String]
  /// The exit status under a fault, with a cold or a warm cache.
  public let expectedStatus: @Sendable (_ fault: Fault, _ warm: Bool) -> Int32

  /// Creates a command.
  public init(
    _ name: String, arguments: @escaping @Sendable (_ warm: Bool) -> [String],
    expectedStatus: @escaping @Sendable (_ fault: Fault, _ warm: Bool) -> Int32
  ) {
    self.name = name
    self.arguments = arguments
    self.expectedStatus = expectedStatus
  }
}

extension FaultMatrixCommand {
  /// The status a read of cached content ends with: 0 when the origin answers usably, else 0 warm (the cache
  /// is shown with a warning) and 1 cold.
  public static func cachedReadStatus(_ fault: Fault, warm: Bool, speaksGraphQL: Bool = false) -> Int32 {
    switch fault {
    case .none, .latency, .redirectToOtherPort: 0
    case .graphQLErrors: speaksGraphQL ? (warm ? 0 : 1) : 0
    default: warm ? 0 : 1
    }
  }
}
