import ArgumentParser
import Repository

/// How a command's `--offline` says what it keeps to the cache, in its help. The command (or its feature) words
/// it; ``OfflineOption`` and ``SourceOptions`` declare the flag.
public protocol OfflineHelp {
  /// The help of `--offline`: `Browse the cache only; never use the network.`
  static var offlineHelp: String { get }
}

/// `--offline` alone, for a command with no use for `--refresh` or `--json`: a change kept for later, a check
/// against the cache, `app ui`. `Help` words the flag's help.
public struct OfflineOption<Help: OfflineHelp>: ParsableArguments, Sendable {
  /// Whether to keep to the cache and never use the network.
  @Flag(help: ArgumentHelp(Help.offlineHelp))
  public var offline = false

  /// No flag given.
  public init() {}

  /// `.offline` under `--offline`, else `.standard`.
  public var policy: CachePolicy { offline ? .offline : .standard }
}

/// How a feature's read commands name their origin and what they show, in the help of `--offline`, `--refresh`
/// and `--json`, and why the first two exclude each other. Each has a default worded after ``origin``, so a
/// feature names its origin and words only what it says otherwise.
public protocol SourceHelp: OfflineHelp {
  /// The origin, as the help names it, with its article (`Ask <origin> even when the cache is fresh.`).
  static var origin: String { get }
  /// The help of `--refresh`.
  static var refreshHelp: String { get }
  /// The help of `--json`.
  static var jsonHelp: String { get }
  /// Why `--offline` and `--refresh` cannot be used together, after the colon of the message that refuses them.
  static var conflict: String { get }
}

extension SourceHelp {
  /// `Show cached data only; never use the network.`
  public static var offlineHelp: String { "Show cached data only; never use the network." }
  /// `Ask <origin> even when the cache is fresh.`
  public static var refreshHelp: String { "Ask \(origin) even when the cache is fresh." }
  /// `Print JSON (only JSON) on standard output.`
  public static var jsonHelp: String { "Print JSON (only JSON) on standard output." }
  /// `one forbids the network, one requires it.`
  public static var conflict: String { "one forbids the network, one requires it." }
}

/// `--offline`, `--refresh` and `--json`, the options of every command that reads an origin through the cache:
/// where the content may come from (the ``policy`` they choose) and whether it is printed as JSON. `Help` words
/// their help for the feature's origin.
public struct SourceOptions<Help: SourceHelp>: ParsableArguments, Sendable {
  /// Whether to show cached content only, never using the network.
  @Flag(help: ArgumentHelp(Help.offlineHelp))
  public var offline = false

  /// Whether to ask the origin even when the cache is fresh.
  @Flag(help: ArgumentHelp(Help.refreshHelp))
  public var refresh = false

  /// Whether to print JSON, and only JSON, on standard output.
  @Flag(help: ArgumentHelp(Help.jsonHelp))
  public var json = false

  /// No flag given.
  public init() {}

  /// Refuses `--offline` with `--refresh`: one forbids the network, the other requires it (exit 64).
  public func validate() throws {
    if offline && refresh {
      throw ValidationError("--offline and --refresh cannot be used together: " + Help.conflict)
    }
  }

  /// `.offline` under `--offline`, `.refresh` under `--refresh`, else `.standard`.
  public var policy: CachePolicy { offline ? .offline : refresh ? .refresh : .standard }
}
