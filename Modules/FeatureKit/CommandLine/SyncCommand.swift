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
      is kept in the app database and waits. app sync sends each waiting change in the order they were made, the \
      last intent per item only, trying each up to 3 times (1 s, then 2 s apart). A change its origin refuses for \
      good is undone and said. app ui sends them too, whenever the origin answers.

      Exit status: 0 when every change was sent (or none waits), 1 when one was refused or still waits.

      Examples:
        app sync
        app sync --list
        app sync --discard octo/hello
      """)

  /// How many times one change is tried in a run.
  static let tries = 3

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
    if !json {
      context.terminal.errors.line("Sending \(Self.count(waiting.count))…")
    }
    let reports = try await outbox.send(tries: Self.tries)
    if json {
      JSONOutput.write(Sent(changes: reports.map(Sent.Change.init)), to: context.terminal)
    } else {
      for report in reports { context.terminal.output.line(Self.line(report)) }
    }
    let unsent = reports.filter { if case .sent = $0.result { false } else { true } }
    guard unsent.isEmpty else {
      throw UserFacingError(
        title: reports.count == 1
          ? "the change was not sent" : "\(unsent.count) of \(reports.count) changes were not sent",
        hint: "app sync --list shows what still waits; app sync --discard KEY drops one.")
    }
  }

  private func showList(_ outbox: ChangeOutbox, context: CommandContext) async throws {
    let waiting = try await outbox.waiting()
    if json {
      JSONOutput.write(Listed(changes: waiting.map(Listed.Change.init)), to: context.terminal)
      return
    }
    guard !waiting.isEmpty else { return context.terminal.output.line("No change waits.") }
    context.terminal.output.line(waiting.count == 1 ? "1 change waits:" : "\(waiting.count) changes wait:")
    for (change, summary) in waiting {
      let tried = change.lastFailure.map { "; last try: \(DisplayWidth.singleLine($0))" } ?? ""
      context.terminal.output.line(
        "  \(DisplayWidth.singleLine(summary))  (key \(DisplayWidth.singleLine(change.key))\(tried))")
    }
  }

  private func drop(_ key: String, context: CommandContext) async throws {
    let dropped = try await context.container.resolve(ChangeOutbox.self).discard(key: key)
    guard !dropped.isEmpty else {
      throw UserFacingError(
        title: "no change waits for '\(DisplayWidth.singleLine(key))'",
        hint: "app sync --list shows the keys of what waits.")
    }
    if json {
      JSONOutput.write(
        Listed(changes: dropped.map(Listed.Change.init)),
        to: context.terminal)
      return
    }
    for (_, summary) in dropped {
      context.terminal.output.line("Dropped \(DisplayWidth.singleLine(summary)); it will not be sent.")
    }
  }

  /// What one report says, as a line: `Sent <summary>`, `Refused <summary>: why (undone)`, `Waits <summary>: why`.
  static func line(_ report: ChangeReport) -> String {
    let summary = DisplayWidth.singleLine(report.summary)
    switch report.result {
    case .sent: return "Sent \(summary)"
    case .refused(let error): return "Refused \(summary): \(DisplayWidth.singleLine("\(error)")) (undone)"
    case .waits(let error): return "Waits \(summary): \(DisplayWidth.singleLine("\(error)"))"
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
        case .refused(let error): (result, reason) = ("refused", "\(error)")
        case .waits(let error): (result, reason) = ("waits", "\(error)")
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

      init(_ item: (change: PendingChange, summary: String)) {
        namespace = item.change.namespace
        key = item.change.key
        summary = item.summary
        recordedAt = item.change.recordedAt
        attempts = item.change.attempts
        lastFailure = item.change.lastFailure
      }
    }
    let changes: [Change]
  }
}
