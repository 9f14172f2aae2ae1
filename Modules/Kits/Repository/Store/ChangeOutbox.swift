import Foundation
import Infrastructure
import Synchronization

/// What one send did with one waiting change.
public struct ChangeReport: Sendable {
  /// What became of it.
  public enum Result: Sendable {
    /// The origin took it; it no longer waits.
    case sent
    /// The origin refused it for good; it was undone locally and is gone.
    case refused(any Error)
    /// It still waits, for this reason.
    case waits(any Error)
    /// Another sender settled it while this one waited for the key (it was sent, refused or dropped there).
    case settledElsewhere
  }

  /// The change.
  public var change: PendingChange
  /// The change in a few words (`star octo/hello`).
  public var summary: String
  /// What became of it.
  public var result: Result
  /// Why it was refused or waits, in the words of the feature that made it; `nil` when it was sent.
  public var reason: ChangeReason?
}

/// One waiting change as `app sync --list` tells it.
public struct WaitingChange: Sendable {
  /// The change.
  public var change: PendingChange
  /// The change in a few words (`star octo/hello`).
  public var summary: String
  /// Why this app cannot send it as it is set now (another token, another API URL, no feature for it); `nil` when
  /// it can.
  public var blocked: ChangeError?
  /// Until when its origin asked for a pause (a rate limit), when that is still to come: nothing is sent to it
  /// before then.
  public var heldUntil: Date?
}

/// One pass of sending: an origin that did not answer is not asked again in it.
public final class ChangeRun: Sendable {
  private let away = Mutex<[String: ChangeError]>([:])

  /// A new pass.
  public init() {}

  func reason(origin: String) -> ChangeError? {
    away.withLock { $0[origin] }
  }

  func markAway(origin: String, _ reason: ChangeError) {
    away.withLock { $0[origin] = $0[origin] ?? reason }
  }
}

/// Sends the changes waiting in `pending_changes` through the stores' ``ChangeSender``s.
///
/// - **One sender per key.** A key is sent only by the holder of its lock (``/Infrastructure/ChangeLocks``), which the
///   kernel lets go of when the holder's process dies. The holder reads the key's waiting row once it holds the lock,
///   marks it as begun, sends it, and removes it after its origin took it only while no newer intent replaced it; a
///   newer intent made meanwhile, in any process, is then sent by the same holder, so the origin ends with the last
///   intent and never gets an older one after a newer.
/// - **Each failure in its class, once.** A refusal for good undoes the change (``ChangeDelivery/refused(_:)``). A
///   passing failure leaves it waiting (``ChangeWait``): after a timeout or a failed connection, or a local setting
///   that stops the send, the rest of the pass's changes for that origin wait untried; a pause the origin asked
///   for is kept in the database, and no change goes to that origin from any process before it ends.
/// - **A kill at any moment** leaves the change waiting; it is sent again later, which changes nothing when the
///   change is idempotent at its origin, as setting a value is.
public struct ChangeOutbox: Sendable {
  /// Where a send may be interleaved with other work: each transaction on the table, and each wait for a key.
  public enum Step: Sendable, Equatable {
    /// A transaction on `pending_changes` (or `origin_holds`) is about to run.
    case transaction
    /// A key's lock was held by another sender; this one waits for it.
    case lockWait
  }

  private let table: ChangeTable
  private let locks: ChangeLocks
  private let senders: [ChangeSender]
  private let clock: any AppClock
  private let pause: @Sendable (Duration) async -> Void
  private let checkpoint: @Sendable (Step) async throws -> Void

  /// Creates the outbox of `database`, holding keys with `locks` and sending through `senders`.
  ///
  /// - Parameters:
  ///   - pause: Waits between two tries at a key another sender holds.
  ///   - checkpoint: Called at each ``Step``; a simulation interleaves senders there. What it throws ends the send.
  public init(
    database: Database, locks: ChangeLocks, senders: [ChangeSender] = [], clock: any AppClock = SystemClock(),
    pause: @escaping @Sendable (Duration) async -> Void = { try? await Task.sleep(for: $0) },
    checkpoint: @escaping @Sendable (Step) async throws -> Void = { _ in }
  ) {
    table = ChangeTable(database: database)
    self.locks = locks
    self.senders = senders
    self.clock = clock
    self.pause = pause
    self.checkpoint = checkpoint
  }

  /// Every waiting change, in the order they were made, with its summary and why this app cannot send it, if so.
  public func waiting() async throws -> [WaitingChange] {
    let changes = try await table.all()
    var holds: [String: Date] = [:]
    let now = clock.now()
    for origin in Set(changes.map(\.origin)) {
      if let hold = try await table.hold(origin: origin, after: now) { holds[origin] = hold.until }
    }
    return changes.map { change in
      let sender = sender(for: change)
      return WaitingChange(
        change: change, summary: summary(of: change), blocked: sender.blocked, heldUntil: holds[change.origin])
    }
  }

  /// Drops, without sending them, the waiting changes whose key is `text` as their feature reads keys (so
  /// `OCTO/Hello` is `octo/hello` where keys are case-insensitive), and the cached values they wrote, so that the
  /// next read asks the origin; answers each with its summary.
  public func discard(_ text: String) async throws -> [(change: PendingChange, summary: String)] {
    let matching = try await table.all().filter { change in
      let sender = senders.first { $0.namespace == change.namespace }
      return change.key == text || sender?.keyText(text) == change.key
    }
    return try await table.discard(matching).map { ($0, summary(of: $0)) }
  }

  /// Sends every waiting change, each key's last intent once, in the order they were made, telling `starting` the
  /// summary of each change it is about to send, `waiting` who holds a key it waits for, and `progress` each report
  /// as it settles. A key another sender holds is sent after the others, once that sender lets go of it (when
  /// `waitsForHeld`; otherwise it is left to that sender). Returns the reports, in the order they settled.
  ///
  /// - Throws: What the database throws; the reports so far were told to `progress`, and the changes are kept.
  @discardableResult
  public func send(
    in run: ChangeRun = ChangeRun(), waitsForHeld: Bool = true,
    starting: @Sendable (String) async -> Void = { _ in },
    waiting: @Sendable (String) async -> Void = { _ in },
    progress: @Sendable (ChangeReport) async -> Void = { _ in }
  ) async throws -> [ChangeReport] {
    var reports: [ChangeReport] = []
    var done: Set<String> = []
    var held: [PendingChange] = []
    let told = waiting
    func take(_ change: PendingChange, waiting waits: Bool) async throws {
      let sender = sender(for: change)
      if let blocked = sender.blocked {
        let report = report(change, .waits(blocked), through: sender.sender)
        reports.append(report)
        await progress(report)
        return
      }
      guard let sender = sender.sender else { return }
      await starting(summary(of: change))
      switch try await settle(change, through: sender, in: run, waitsForHeld: waits, told: told) {
      case .report(let report):
        reports.append(report)
        await progress(report)
      case .held: held.append(change)
      case .nothing: break
      }
    }
    try await checkpoint(.transaction)
    for change in try await table.all() where done.insert(Self.identity(change)).inserted {
      try await take(change, waiting: false)
    }
    if waitsForHeld {
      for change in held { try await take(change, waiting: true) }
    }
    return reports
  }

  /// Sends the waiting change of `key` (as the table keeps it) through `sender`, waiting for the key while
  /// another sender holds it; answers what became of it, or `nil` when nothing waits for it.
  ///
  /// - Throws: What the database throws; the change is kept.
  public func send(
    key: String, through sender: ChangeSender, in run: ChangeRun = ChangeRun()
  ) async throws
    -> ChangeReport?
  {
    try await checkpoint(.transaction)
    let scope = sender.scope
    guard
      let change = try await table.waiting(
        namespace: scope.namespace, origin: scope.origin, tokenHash: scope.tokenHash, key: key)
    else { return nil }
    if case .report(let report) = try await settle(change, through: sender, in: run, waitsForHeld: true) {
      return report
    }
    return nil
  }

  private enum Settled {
    case report(ChangeReport)
    case held
    case nothing
  }

  /// Settles the key of `first`: takes its lock (or answers `.held` when another sender has it and
  /// `waitsForHeld` is false, after telling `told` who holds it), then sends its last intent until the origin took
  /// it, refused it, or it must wait. A change another run tried while this one waited for it, and left waiting,
  /// is not sent again in this run: that run's try was this run's one (and its timeout, if it timed out).
  private func settle(
    _ first: PendingChange, through sender: ChangeSender, in run: ChangeRun, waitsForHeld: Bool,
    told: @Sendable (String) async -> Void = { _ in }
  ) async throws -> Settled {
    let identity = Self.identity(first)
    let note = summary(of: first)
    var lock = try locks.tryHold(identity, note: note)
    var pauses = 0
    // Whether the run this one waited for was sending this very key.
    var heldForThisKey = false
    while lock == nil {
      guard waitsForHeld else { return .held }
      if pauses == 0 {
        let holder = locks.holder(of: identity)
        heldForThisKey = holder?.sameKey ?? false
        await told(
          "another run of the app" + (holder.map { " (pid \($0.pid))" } ?? "") + " sending "
            + (holder.map { $0.sending.isEmpty ? note : $0.sending } ?? note))
      }
      // A cancelled wait ends here (its pause would return at once): the change keeps waiting.
      try Task.checkCancellation()
      try await checkpoint(.lockWait)
      await pause(.milliseconds(min(200, 10 << min(pauses, 5))))
      pauses += 1
      lock = try locks.tryHold(identity, note: note)
    }
    defer { if let lock { locks.release(lock) } }
    try await checkpoint(.transaction)
    let current = try await table.waiting(
      namespace: first.namespace, origin: first.origin, tokenHash: first.tokenHash, key: first.key)
    guard var change = current else {
      return pauses > 0 ? .report(report(first, .settledElsewhere, through: sender)) : .nothing
    }
    // Tried there: its attempts grew while this run waited, or the run sending this key left a failure on it (its
    // try of an intent this one replaced timed out). A run that delivered the key and found this change new since
    // left neither: the change goes now.
    let failedThere = heldForThisKey && change.lastFailure != nil && change.lastFailure != first.lastFailure
    if pauses > 0, change.attempts > first.attempts || failedThere {
      let tried = ChangeError.triedElsewhere(reason: change.lastFailure)
      run.markAway(origin: change.origin, .originAway(reason: tried.description))
      return .report(report(change, .waits(tried), through: sender))
    }
    while true {
      if let reason = try await untried(change.origin, in: run) {
        return .report(report(change, .waits(reason), through: sender))
      }
      try await checkpoint(.transaction)
      guard try await table.begin(change) else {
        guard let next = try await newer(than: change) else { return .nothing }
        change = next
        continue
      }
      let delivery = await sender.deliver(change)
      try await checkpoint(.transaction)
      switch delivery {
      case .delivered:
        if try await table.delivered(change) {
          await sender.settled(change)
          return .report(report(change, .sent, through: sender))
        }
        // A newer intent arrived while this one was in flight: it goes now, after it.
        guard let next = try await newer(than: change) else { return .report(report(change, .sent, through: sender)) }
        change = next
      case .refused(let error):
        if try await table.undo(change) {
          await sender.settled(change)
          return .report(report(change, .refused(error), through: sender))
        }
        // The origin refused an intent that a newer one replaced meanwhile: the newer one is still to send.
        guard let next = try await newer(than: change) else {
          return .report(report(change, .refused(error), through: sender))
        }
        change = next
      case .waits(let error, let wait):
        let reason = sender.explain(error, change)
        try await table.failed(change, reason: reason.text)
        switch wait {
        case .passing: break
        case .until(let date):
          try await checkpoint(.transaction)
          try await table.hold(origin: change.origin, until: date, reason: reason.text)
          run.markAway(origin: change.origin, .held(until: date, reason: reason.text))
        case .originAway, .setting:
          run.markAway(origin: change.origin, .originAway(reason: reason.text))
        }
        return .report(report(change, .waits(error), through: sender))
      }
    }
  }

  /// Why changes for `origin` are not tried now: it did not answer earlier in `run`, or it asked for a pause that
  /// has not ended.
  private func untried(_ origin: String, in run: ChangeRun) async throws -> ChangeError? {
    if let reason = run.reason(origin: origin) { return reason }
    try await checkpoint(.transaction)
    guard let hold = try await table.hold(origin: origin, after: clock.now()) else { return nil }
    return .held(until: hold.until, reason: hold.reason)
  }

  /// The intent that waits for the key of `change` now, if one does.
  private func newer(than change: PendingChange) async throws -> PendingChange? {
    try await checkpoint(.transaction)
    return try await table.waiting(
      namespace: change.namespace, origin: change.origin, tokenHash: change.tokenHash, key: change.key)
  }

  /// The sender of `change`, or why this app cannot send it as it is set now.
  private func sender(for change: PendingChange) -> (sender: ChangeSender?, blocked: ChangeError?) {
    guard let sender = senders.first(where: { $0.namespace == change.namespace }) else {
      return (nil, .noSender(namespace: change.namespace))
    }
    if sender.scope.origin != change.origin { return (sender, .otherOrigin(change.origin)) }
    if sender.scope.tokenHash != change.tokenHash { return (sender, .otherToken) }
    return (sender, nil)
  }

  private func report(
    _ change: PendingChange, _ result: ChangeReport.Result, through sender: ChangeSender?
  )
    -> ChangeReport
  {
    let reason: ChangeReason? =
      switch result {
      case .sent, .settledElsewhere: nil
      case .refused(let error), .waits(let error):
        sender.map { $0.explain(error, change) } ?? ChangeReason("\(error)")
      }
    return ChangeReport(
      change: change, summary: sender.map { $0.describe(change) } ?? summary(of: change), result: result,
      reason: reason)
  }

  private func summary(of change: PendingChange) -> String {
    senders.first { $0.namespace == change.namespace }?.describe(change) ?? "\(change.namespace) \(change.key)"
  }

  /// The key's identity across namespaces, origins and tokens: what its lock is taken for.
  static func identity(_ change: PendingChange) -> String {
    "\(change.namespace)\u{1F}\(change.origin)\u{1F}\(change.tokenHash)\u{1F}\(change.key)"
  }
}
