import ArgumentParser
import DI
import Foundation
import Infrastructure
import Presenter
import Repository

/// `app sync`: sends the changes that wait for their origin (made while it could not be reached, or with
/// `--offline`), lists them, or drops one.
struct SyncCommand: ContainerCommand {
  static let configuration = CommandConfiguration(
    commandName: "sync",
    abstract: "Send the changes that wait for their origin (made offline, say); list them; drop one.",
    discussion: """
      A change made while its origin could not take it (cannot connect, timed out, a server error, a rate limit) \
      is kept in the app database and waits. app sync sends each waiting change once, in the order they were \
      made, the last intent per item only, and prints each one's line as it settles. A change its origin refuses \
      for good is undone and said. After the first timeout or failed connection to an origin, the rest of its \
      changes wait untried for a later run: one timeout per run, not one per change. A rate limit holds every \
      change for that origin, from any run of the app, until the time it names. A change another run of the app \
      is sending waits for that run to let go of it. app ui sends them too, whenever the origin answers.

      Exit status: 0 when nothing this run was to send still waits, 1 when a change was refused or still waits.

      Examples:
        app sync
        app sync --list
        app sync --discard octo/hello
      """)

  @Flag(help: "List what waits; send nothing.")
  var list = false

  @Option(
    help: ArgumentHelp("Drop the waiting change of KEY (as --list shows it) without sending it.", valueName: "KEY"))
  var discard: String?

  @Flag(help: "Print JSON (only JSON) on standard output.")
  var json = false

  func validate() throws {
    if list && discard != nil { throw ValidationError("--list and --discard cannot be used together.") }
  }

  func run(in context: CommandContext) async throws {
    let outbox = try context.container.resolve(ChangeOutbox.self)
    if list { return try await showList(outbox, context: context) }
    if let discard { return try await drop(discard, context: context) }
    let waiting = try await outbox.waiting()
    if waiting.isEmpty {
      if json {
        JSONOutput.write(Sent(changes: []), to: context.terminal)
      } else {
        context.terminal.output.line("No change waits.")
      }
      return
    }
    let progress = SyncProgress(terminal: context.terminal, total: waiting.count, json: json)
    await progress.begin()
    let reports: [ChangeReport]
    do {
      reports = try await outbox.send(
        starting: { summary in await progress.starting(summary) },
        waiting: { holder in await progress.waiting(for: holder) },
        progress: { report in await progress.settled(report) })
    } catch {
      await progress.end()
      throw error
    }
    await progress.end()
    if json {
      JSONOutput.write(Sent(changes: reports.map(Sent.Change.init)), to: context.terminal)
    }
    let unsent = reports.filter {
      switch $0.result {
      case .sent, .settledElsewhere: false
      case .refused, .waits: true
      }
    }
    guard unsent.isEmpty else {
      let waits = try await outbox.waiting().isEmpty == false
      let title =
        reports.count == 1 ? "the change was not sent" : "\(unsent.count) of \(reports.count) changes were not sent"
      let undone = unsent.count == 1 ? "It was refused and undone" : "They were refused and undone"
      throw UserFacingError(
        title: title,
        hint: waits
          ? "app sync --list shows what still waits; app sync --discard KEY drops one."
          : "\(undone); nothing waits.")
    }
  }

  private func showList(_ outbox: ChangeOutbox, context: CommandContext) async throws {
    let waiting = try await outbox.waiting()
    if json {
      JSONOutput.write(Listed(changes: waiting.map { Listed.Change($0) }), to: context.terminal)
      return
    }
    guard !waiting.isEmpty else { return context.terminal.output.line("No change waits.") }
    context.terminal.output.line(waiting.count == 1 ? "1 change waits:" : "\(waiting.count) changes wait:")
    for item in waiting {
      let tried = item.change.lastFailure.map { "; last try: \(DisplayWidth.singleLine($0))" } ?? ""
      let blocked = item.blocked.map { "; not sent now: \(DisplayWidth.singleLine($0.description))" } ?? ""
      let held =
        item.heldUntil.map { "; held until \(RelativeTime.localTime($0)) (local time), as the server asked" } ?? ""
      context.terminal.output.line(
        "  \(DisplayWidth.singleLine(item.summary))  (key \(DisplayWidth.singleLine(item.change.key))"
          + "\(tried)\(blocked)\(held))")
    }
  }

  private func drop(_ key: String, context: CommandContext) async throws {
    let dropped = try await context.container.resolve(ChangeOutbox.self).discard(key)
    guard !dropped.isEmpty else {
      throw UserFacingError(
        title: "no change waits for '\(DisplayWidth.singleLine(key))'",
        hint: "app sync --list shows the keys of what waits.")
    }
    if json {
      JSONOutput.write(
        Listed(changes: dropped.map { Listed.Change($0) }),
        to: context.terminal)
      return
    }
    for (_, summary) in dropped {
      context.terminal.output.line("Dropped \(DisplayWidth.singleLine(summary)); it will not be sent.")
    }
  }

  /// What one report says, as a line: `Sent <summary>`, `Refused <summary>: why (undone)`, `Waits <summary>: why`,
  /// `Settled <summary> by another run of the app`.
  static func line(_ report: ChangeReport) -> String {
    let summary = DisplayWidth.singleLine(report.summary)
    let reason = DisplayWidth.singleLine(report.reason?.text ?? "")
    switch report.result {
    case .sent: return "Sent \(summary)"
    case .settledElsewhere: return "Settled \(summary) by another run of the app"
    case .refused: return "Refused \(summary): \(reason) (undone)"
    case .waits: return "Waits \(summary): \(reason)"
    }
  }

  /// The line that says changes wait for `origin` (as users know it), or for their origins when `nil`:
  /// `1 change waits for <origin>: app sync`.
  static func waitingLine(_ changes: Int, for origin: String? = nil) -> String {
    let whose = origin ?? (changes == 1 ? "its origin" : "their origin")
    return changes == 1 ? "1 change waits for \(whose): app sync" : "\(changes) changes wait for \(whose): app sync"
  }

  static func count(_ changes: Int) -> String {
    changes == 1 ? "1 change" : "\(changes) changes"
  }

  /// `app sync --json`: what became of each change.
  struct Sent: Encodable {
    struct Change: Encodable {
      let namespace: String
      let key: String
      let summary: String
      let result: String
      @KeepsNull var reason: String?

      init(_ report: ChangeReport) {
        namespace = report.change.namespace
        key = report.change.key
        summary = report.summary
        switch report.result {
        case .sent: (result, reason) = ("sent", nil)
        case .settledElsewhere: (result, reason) = ("settledElsewhere", nil)
        case .refused: (result, reason) = ("refused", report.reason?.text)
        case .waits: (result, reason) = ("waits", report.reason?.text)
        }
      }
    }
    let changes: [Change]
  }

  /// `app sync --list --json` and `--discard --json`: the changes.
  struct Listed: Encodable {
    struct Change: Encodable {
      let namespace: String
      let key: String
      let summary: String
      let recordedAt: Date
      let attempts: Int
      @KeepsNull var lastFailure: String?
      @KeepsNull var notSentNow: String?
      /// Until when the origin asked for a pause (a rate limit): nothing is sent to it before then.
      @KeepsNull var heldUntil: Date?

      init(_ item: (change: PendingChange, summary: String)) {
        namespace = item.change.namespace
        key = item.change.key
        summary = item.summary
        recordedAt = item.change.recordedAt
        attempts = item.change.attempts
        lastFailure = item.change.lastFailure
        notSentNow = nil
        heldUntil = nil
      }

      init(_ item: WaitingChange) {
        self.init((item.change, item.summary))
        notSentNow = item.blocked?.description
        heldUntil = item.heldUntil
      }
    }
    let changes: [Change]
  }
}

/// What `app sync` shows while it sends: `Sending N changes…` with a spinner on a terminal (the count left), and
/// each change's line on standard output as it settles.
private actor SyncProgress {
  private let terminal: Terminal
  private let json: Bool
  private let total: Int
  private var left: Int
  private var spinner: Spinner?

  init(terminal: Terminal, total: Int, json: Bool) {
    self.terminal = terminal
    self.json = json
    self.total = total
    left = total
  }

  func begin() {
    noteWhatWaits()
    guard !json else { return }
    if terminal.errorsAreInteractive {
      spinner = Spinner.start(message, on: terminal)
    } else {
      terminal.errors.line(message)
    }
  }

  /// On a terminal, the spinner names the change being sent, and how long it has waited once that is long.
  func starting(_ summary: String) async {
    guard !json, spinner != nil else { return }
    await spinner?.stop()
    let position = total > 1 ? " (\(total - left + 1) of \(total))" : ""
    spinner = Spinner.start("Sending \(summary)\(position)…", on: terminal, showsElapsed: true)
  }

  /// Says at once that the run waits for another one, which holds a change it is to send.
  func waiting(for holder: String) async {
    guard !json else { return }
    let message = "Waiting for \(holder)…"
    if spinner != nil {
      await spinner?.stop()
      spinner = Spinner.start(message, on: terminal, showsElapsed: true)
    } else {
      terminal.errors.line(message)
    }
  }

  func settled(_ report: ChangeReport) async {
    left = max(0, left - 1)
    noteWhatWaits()
    guard !json else { return }
    await spinner?.stop()
    terminal.output.line(SyncCommand.line(report))
    if case .refused = report.result, let hint = report.reason?.hint {
      terminal.output.line("  \(DisplayWidth.singleLine(hint))")
    }
    if spinner != nil, left > 0 { spinner = Spinner.start(message, on: terminal) }
  }

  func end() async {
    await spinner?.stop()
    spinner = nil
    InterruptNote.set(nil)
  }

  /// What Ctrl-C says now: the changes not settled yet are kept.
  private func noteWhatWaits() {
    InterruptNote.set(
      left == 0
        ? nil
        : "Interrupted: \(SyncCommand.count(left)) not settled \(left == 1 ? "is" : "are") kept and "
          + "\(left == 1 ? "waits" : "wait"); app sync sends \(left == 1 ? "it" : "them").")
  }

  private var message: String { "Sending \(SyncCommand.count(left))…" }
}
