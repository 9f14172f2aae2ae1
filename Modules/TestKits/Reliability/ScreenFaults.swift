import Foundation
import GRDB
import TestSupport

/// A session of `app ui` under a fault: what follows `app ui`, and the keys typed once its first frame is drawn.
public struct ScreenRun: Sendable {
  /// What follows `app ui` (nothing: the first feature's home).
  public let arguments: [String]
  /// The keys, each written on its own, then `q`: by default a move down and up, Enter, Esc. A key that changes
  /// nothing draws nothing, so only the first frame and the end are waited for; the app handles keys in order.
  public let keys: [String]
  /// Whether the app may answer that the feature has no screens (a usage error, before it takes the screen):
  /// the session is then skipped.
  public let mayHaveNoScreens: Bool
  /// The frames waited for before the keys: 1 types them while the first screen still loads; 2 once it has drawn
  /// what it loaded (or its failure), for a screen that loads something when it opens.
  public let framesBeforeKeys: Int
  /// What the screen's status line shows while it loads, when it says so: a frame without it has drawn the
  /// outcome, so the wait for more frames ends there. A screen whose cached answer is read before its first frame
  /// draws the outcome in that frame, and no second one follows until something changes.
  public let loadingStatus: String?

  /// The default keys.
  public static let defaultKeys = ["j", "k", "\r", "\u{1B}"]

  /// A session of `app ui` followed by `arguments`.
  public init(
    arguments: [String], keys: [String] = ScreenRun.defaultKeys, mayHaveNoScreens: Bool = false,
    framesBeforeKeys: Int = 1, loadingStatus: String? = nil
  ) {
    self.arguments = arguments
    self.keys = keys
    self.mayHaveNoScreens = mayHaveNoScreens
    self.framesBeforeKeys = framesBeforeKeys
    self.loadingStatus = loadingStatus
  }

  /// `ui` and the arguments, for the report.
  public var name: String {
    (["ui"] + arguments).joined(separator: " ")
      + (framesBeforeKeys > 1 ? " (keys after \(framesBeforeKeys) frames)" : "")
  }
}

/// What goes wrong around an `app ui` session: its features' origins, or its home.
public enum ScreenFault: String, CaseIterable, Sendable {
  /// Every connection to the origins is reset.
  case originDown = "origins down"
  /// The origins answer 500 ms late.
  case originSlow = "origins slow"
  /// The origins accept requests and never answer (the app's HTTP timeout ends each).
  case originStalled = "origins stalled"
  /// The origins' rate limits are used up.
  case rateLimited = "rate-limited"
  /// The database file is overwritten with garbage after its header (the app moves it aside).
  case damagedDatabase = "damaged database file"
  /// Every cache entry's payload is garbage, still fresh.
  case damagedCache = "damaged cache entries"
  /// The home may be read but not written (the app runs as `nobody`).
  case readOnlyHome = "read-only home"

  /// The origins' fault.
  var originFault: Fault {
    switch self {
    case .originDown: .connectionReset
    case .originSlow: .latency
    case .originStalled: .stall
    case .rateLimited: .rateLimited
    case .damagedDatabase, .damagedCache, .readOnlyHome: .none
    }
  }

  /// Whether the fault is in the home, so only a warm one is met with it.
  var isInHome: Bool { originFault == .none }
}

/// `app ui` and every feature's `app ui <feature>` (``FeatureReliability/screenRuns``) under each
/// ``ScreenFault``, through a pseudo-terminal of our own (``PseudoTerminal``), with a cold and a warm home for the
/// origins' faults and a warm one for the home's.
///
/// Each session waits for the first frame, types its keys and `q`, and passes when the app ends by itself with
/// status 0 within ``FaultMatrix/hangLimit`` (a guard against a hang, never a measure of speed), its output ends
/// having left the alternate screen with the cursor shown and nothing drawn after, the terminal's settings are
/// what they were before, and the token appears nowhere.
public enum ScreenFaults {
  /// Runs every session under every fault in `faults`.
  public static func run(
    _ suites: [any FeatureReliability.Type], faults: [ScreenFault] = ScreenFault.allCases
  ) async throws -> ScenarioResult {
    var tally = ScenarioTally("app ui × faults")
    // The first feature's home loads when it opens: keys while it loads, and once it has drawn the outcome.
    let sessions =
      [ScreenRun(arguments: []), ScreenRun(arguments: [], framesBeforeKeys: 2)]
      + suites.flatMap { $0.screenRuns }
    var skipped: Set<String> = []
    for fault in faults {
      let parts = try await FaultMatrix.parts(suites)
      let server = try await FaultServer.start(origins: parts.map(\.origin))
      let warmHome = AppHome(label: "ui-fault-warm")
      let coldHome = AppHome(label: "ui-fault-cold")
      defer {
        warmHome.remove()
        coldHome.remove()
      }
      let healthy = server.environment(for: .none, token: FaultMatrix.token)
        .merging(["APP_HTTP_TIMEOUT": String(FaultMatrix.answerTimeout)]) { $1 }
      for arguments in parts.flatMap(\.setup) {
        _ = try await AppRunner.run(arguments, environment: healthy.merging(["APP_HOME": warmHome.url.path]) { $1 })
      }
      server.setFault(fault.originFault)
      if fault.originFault == .connectionReset {
        try warmHome.refileCache(
          from: server.server.baseURL.absoluteString, to: server.resetter.baseURL.absoluteString)
      }
      var environment = server.environment(for: fault.originFault, token: FaultMatrix.token)
        .merging(["APP_HTTP_TIMEOUT": String(FaultMatrix.timeout(for: fault.originFault))]) { $1 }
      var runner: AnotherUser?
      switch fault {
      case .damagedDatabase: try warmHome.damageFile()
      case .damagedCache: try warmHome.damageCacheEntries()
      case .readOnlyHome: runner = try AnotherUser.prepare(home: warmHome.url)
      default: break
      }
      defer { runner?.remove() }
      for warm in fault.isInHome ? [true] : [false, true] {
        environment["APP_HOME"] = (warm ? warmHome : coldHome).url.path
        for session in sessions {
          let label = "\(fault.rawValue) / \(session.name) / \(warm ? "warm" : "cold")"
          let executable = runner?.executable ?? AppRunner.executable.path
          let prefix = runner.map { _ in AnotherUser.setprivArguments } ?? []
          let fixed = environment
          let outcome = try await PseudoTerminal.offPool {
            try Self.check(session, executable: executable, prefix: prefix, environment: fixed)
          }
          switch outcome {
          case .noScreens: skipped.insert(session.name)
          case .problems(let problems): tally.record(problems: problems.map { "\(label): \($0)" })
          }
        }
      }
      await server.stop()
    }
    if !skipped.isEmpty { tally.name += " (no screens: \(skipped.sorted().joined(separator: ", ")))" }
    return tally.result
  }

  enum Outcome {
    /// The app said the feature has no screens, as it may.
    case noScreens
    /// What is wrong; nothing when the session passed.
    case problems([String])
  }

  static let enter = Array("\u{1B}[?1049h".utf8)
  static let leave = Array("\u{1B}[?1049l".utf8)
  static let hideCursor = Array("\u{1B}[?25l".utf8)
  static let showCursor = Array("\u{1B}[?25h".utf8)
  static let frameStart = Array("\u{1B}[?2026h".utf8)

  /// Runs one session on a fresh terminal and says what is wrong with it.
  static func check(
    _ session: ScreenRun, executable: String, prefix: [String], environment: [String: String]
  ) throws -> Outcome {
    let base = [
      "PATH": "/usr/bin:/bin", "HOME": FileManager.default.temporaryDirectory.path, "LANG": "C.UTF-8",
      "TERM": "xterm-256color", "APP_LOG_LEVEL": "trace",
    ]
    let terminal = try PseudoTerminal.start(
      prefix.isEmpty ? executable : prefix[0],
      arguments: Array(prefix.dropFirst()) + (prefix.isEmpty ? [] : [executable]) + ["ui"] + session.arguments,
      environment: base.merging(environment) { $1 })
    var transcript: [UInt8] = []
    var problems: [String] = []
    do {
      for _ in 0..<session.framesBeforeKeys {
        let frame = try terminal.readFrame(timeout: FaultMatrix.hangLimit)
        transcript += frame
        if let loading = session.loadingStatus, !contains(frame, Array(loading.utf8)) { break }
      }
      for key in session.keys + ["q"] { try terminal.send(key) }
    } catch {
      // Too few frames: the app ended first (said to, for a feature without screens), or hung; told below.
      problems.append("fewer than \(session.framesBeforeKeys) frame(s): \(error)")
    }
    let exit = try terminal.waitForExit(timeout: FaultMatrix.hangLimit)
    transcript += exit.output
    let text = String(decoding: transcript, as: UTF8.self)
    if session.mayHaveNoScreens, exit.status == 64, text.contains("has screens"), !contains(transcript, enter) {
      return .noScreens
    }
    if exit.timedOut { problems.append("still running after \(FaultMatrix.hangLimit)") }
    if exit.status != 0 {
      problems.append("exit \(exit.status), expected 0: \(PseudoTerminal.visible(Array(transcript.suffix(300))))")
    }
    if exit.settingsAfter != terminal.settingsBefore {
      problems.append("terminal settings \(exit.settingsAfter), were \(terminal.settingsBefore)")
    }
    let left = lastIndex(of: leave, in: transcript)
    if !contains(transcript, enter) || (left ?? -1) < (lastIndex(of: enter, in: transcript) ?? Int.max) {
      problems.append("the output does not end on the main screen")
    }
    if (lastIndex(of: showCursor, in: transcript) ?? -1) < (lastIndex(of: hideCursor, in: transcript) ?? 0) {
      problems.append("the cursor is left hidden")
    }
    if let left, let frame = lastIndex(of: frameStart, in: transcript), frame > left {
      problems.append("a frame drawn after leaving the alternate screen")
    }
    if text.contains(FaultMatrix.token) { problems.append("the token was shown") }
    return .problems(problems)
  }

  private static func contains(_ bytes: [UInt8], _ marker: [UInt8]) -> Bool {
    lastIndex(of: marker, in: bytes) != nil
  }

  /// Where the last `marker` in `bytes` starts.
  private static func lastIndex(of marker: [UInt8], in bytes: [UInt8]) -> Int? {
    bytes.ranges(of: marker).last?.lowerBound
  }
}

extension AppHome {
  /// Overwrites the database file after its 100-byte header with garbage, every change checkpointed into it
  /// first, so that opening it finds it damaged.
  func damageFile() throws {
    var configuration = Configuration()
    configuration.busyMode = .timeout(10)
    try DatabaseQueue(path: databaseFile.path, configuration: configuration).writeWithoutTransaction { db in
      try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
    }
    let handle = try FileHandle(forWritingTo: databaseFile)
    defer { try? handle.close() }
    try handle.seek(toOffset: 100)
    try handle.write(contentsOf: Data(repeating: 0xA5, count: 8_000))
  }

  /// Turns every cache entry's payload into garbage, leaving when it was fetched, so that it is still fresh.
  func damageCacheEntries() throws {
    var configuration = Configuration()
    configuration.busyMode = .timeout(10)
    try DatabaseQueue(path: databaseFile.path, configuration: configuration).write { db in
      try db.execute(sql: "UPDATE cache_entries SET payload = randomblob(length(payload))")
    }
  }
}
