import ArgumentParser
import DI
import Foundation
import Infrastructure
import Presenter

/// The names of the app's features, as their commands and their cache namespaces start (`weather`).
public struct AppFeatureNames: Sendable, Equatable {
  /// The names, sorted.
  public let names: [String]

  /// Wraps `names`.
  public init(_ names: [String]) {
    self.names = names.sorted()
  }
}

/// Registers ``AppFeatureNames``, so kit-level commands (`app cache clear <feature>`) know the app's features.
struct AppFeaturesAssembly: Assembly {
  let names: AppFeatureNames

  init(_ names: AppFeatureNames) {
    self.names = names
  }

  func assemble(into registrar: Registrar) {
    let names = names
    registrar.register(AppFeatureNames.self, scope: .singleton) { _ in names }
  }
}

/// `app cache`: what the cache holds, and emptying it, as `pip cache` and `npm cache` do.
struct CacheCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "cache",
    abstract:
      "Show or clear the cache of fetched data; what you keep yourself and changes that wait are never touched.",
    discussion: """
      The cache lives in the app database in APP_HOME. It holds at most APP_CACHE_MAX_MB megabytes in all \
      (default \(CacheLimits.defaultMaximumMegabytes)); past that, the entries fetched longest ago go first. An \
      entry fetched 30 days before the newest one goes too.
      """,
    subcommands: [CacheInfoCommand.self, CacheClearCommand.self],
    defaultSubcommand: CacheInfoCommand.self
  )
}

/// `app cache info`: entries, size, oldest and newest, per feature.
struct CacheInfoCommand: ContainerCommand {
  static let configuration = CommandConfiguration(
    commandName: "info",
    abstract: "Show entries, size, oldest and newest fetch per feature (the default subcommand).")

  @Flag(help: "Print JSON (only JSON) on standard output.")
  var json = false

  func run(in context: CommandContext) async throws {
    let database = try context.container.resolve(Database.self)
    let features = try context.container.resolve(AppFeatureNames.self).names
    let summary = try await CacheUsage.read(database: database, features: features)
    if json {
      context.terminal.output.write(try JSONOutput.text(summary))
      return
    }
    let clock = try context.container.resolve((any AppClock).self)
    context.terminal.output.write(summary.table(on: context.terminal, now: clock.now()))
  }
}

/// `app cache clear [feature]`: empties the cache, or one feature's part of it.
struct CacheClearCommand: ContainerCommand {
  static let configuration = CommandConfiguration(
    commandName: "clear",
    abstract: "Delete every cached entry, or only one feature's; user data stays.")

  @Argument(
    help: "The feature whose entries to delete, by its command name; all when omitted.",
    completion: .list(BuiltFeatures.names))
  var feature: String?

  func run(in context: CommandContext) async throws {
    let known = try context.container.resolve(AppFeatureNames.self).names
    // Feature names are matched without regard to case: `Weather` is `weather`.
    let feature = self.feature.map { typed in known.first { $0.lowercased() == typed.lowercased() } ?? typed }
    if let feature, !known.contains(feature) {
      throw UserFacingError(
        title:
          "no feature is named '\(DisplayWidth.singleLine(feature))'; the features are \(known.joined(separator: ", "))",
        hint: "Usage: app cache clear [<feature>]", kind: .usage)
    }
    let database = try context.container.resolve(Database.self)
    let deleted = try await CacheTable(database: database).deleteAll(namespacePrefix: feature)
    let noun = deleted == 1 ? "entry" : "entries"
    let waiting = try await ChangeTable(database: database).count()
    let kept =
      waiting == 0
      ? "user data is kept"
      : "user data and \(SyncCommand.count(waiting)) waiting for \(waiting == 1 ? "its" : "their") origin are kept"
    context.terminal.output.line(
      "Deleted \(deleted) cached \(noun)" + (feature.map { " of \($0)" } ?? "") + "; \(kept).")
  }
}

/// What `app cache info` shows: per feature, how many entries, how many bytes, and when they were fetched.
struct CacheUsage: Encodable {
  /// One feature's part of the cache; a feature with no entries has neither an oldest nor a newest (`null`).
  struct Feature: Encodable {
    let name: String
    let entries: Int
    let bytes: Int
    @KeepsNull var oldest: Date?
    @KeepsNull var newest: Date?
  }

  let database: String
  let limitBytes: Int
  let maximumAgeDays: Int
  let features: [Feature]
  /// How many changes wait for their origin (`app sync` sends them); never part of the cache's entries.
  let waitingChanges: Int

  /// What `database` holds for each of `features` (0 entries for a feature with none), and for any other namespace
  /// found. A database not yet made holds nothing, and reading it does not make it.
  static func read(database: Database, features: [String] = []) async throws -> CacheUsage {
    var byFeature: [String: Feature] = [:]
    for name in features {
      byFeature[name] = Feature(name: name, entries: 0, bytes: 0, oldest: nil, newest: nil)
    }
    // Only a file that is not there holds nothing: one in a home this user cannot look into is opened, and says so.
    let exists = access(database.fileURL.path, F_OK) == 0 || errno != ENOENT
    let parts = exists ? try await CacheTable(database: database).summary() : []
    for part in parts {
      let name = String(part.namespace.split(separator: ".").first ?? Substring(part.namespace))
      let before = byFeature[name]
      byFeature[name] = Feature(
        name: name, entries: (before?.entries ?? 0) + part.entries, bytes: (before?.bytes ?? 0) + part.bytes,
        oldest: min(before?.oldest ?? part.oldest, part.oldest), newest: max(before?.newest ?? part.newest, part.newest)
      )
    }
    return CacheUsage(
      database: database.fileURL.path, limitBytes: database.cacheLimits.maximumBytes,
      maximumAgeDays: Int(database.cacheLimits.maximumAge.components.seconds / 86_400),
      features: byFeature.values.sorted { $0.name < $1.name },
      waitingChanges: exists ? try await ChangeTable(database: database).count() : 0)
  }

  /// The table: one row per feature, then the total and the limits; dates as ``DateText`` shows them on `terminal`.
  func table(on terminal: Terminal, now: Date) -> String {
    let header = ["FEATURE", "ENTRIES", "SIZE", "OLDEST", "NEWEST"]
    var rows = features.map {
      [
        $0.name, "\($0.entries)", Self.size($0.bytes),
        $0.oldest.map { DateText.text($0, on: terminal, now: now) } ?? "",
        $0.newest.map { DateText.text($0, on: terminal, now: now) } ?? "",
      ]
    }
    let totalBytes = features.map(\.bytes).reduce(0, +)
    rows.append(["total", "\(features.map(\.entries).reduce(0, +))", Self.size(totalBytes), "", ""])
    let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
    func line(_ cells: [String]) -> String {
      Self.trimmingTrailingSpace(
        zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  "))
    }
    return ([line(header)] + rows.map(line)).joined(separator: "\n") + "\n"
      + "Limits: \(Self.size(limitBytes)) in all (APP_CACHE_MAX_MB), the entries fetched longest ago going first; "
      + "an entry fetched \(maximumAgeDays) days before the newest one goes too.\n"
      + (waitingChanges == 0 ? "" : "\(SyncCommand.waitingLine(waitingChanges))\n") + "Database: \(database)\n"
  }

  /// `text` without the white space a regular expression's `\s` matches at its end (Unicode's White_Space). Said
  /// by hand: a regular expression compiled for each row was most of what `app cache info` executed.
  static func trimmingTrailingSpace(_ text: String) -> String {
    var scalars = Substring(text).unicodeScalars
    while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
    return String(scalars)
  }

  static func size(_ bytes: Int) -> String {
    if bytes < 1_000 { return "\(bytes) B" }
    if bytes < 1_000_000 { return oneDecimal(Double(bytes) / 1_000) + " kB" }
    return oneDecimal(Double(bytes) / 1_000_000) + " MB"
  }

  /// `value` with one decimal, as C's `%.1f` prints it in the C locale, whatever locale the process has: the digits
  /// of the binary value, rounded to nearest, and a point. `String(format:)` prints the same, after a first use that
  /// looks every conformance of the binary up.
  static func oneDecimal(_ value: Double) -> String {
    // glibc's LC_NUMERIC_MASK, a macro Swift does not import.
    let cLocale = newlocale(1 << LC_NUMERIC, "C", nil)
    let previous = uselocale(cLocale)
    defer {
      uselocale(previous)
      if let cLocale { freelocale(cLocale) }
    }
    var buffer = [CChar](repeating: 0, count: 64)
    let count = withVaList([value]) { vsnprintf(&buffer, buffer.count, "%.1f", $0) }
    return String(decoding: buffer.prefix(max(0, Int(count))).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
