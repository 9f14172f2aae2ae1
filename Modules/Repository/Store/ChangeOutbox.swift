import Foundation
import Infrastructure

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
  }

  /// The change.
  public var change: PendingChange
  /// The change in a few words (`star octo/hello`).
  public var summary: String
  /// What became of it.
  public var result: Result
}

/// Sends the changes waiting in `pending_changes` through the features' ``ChangeSender``s.
///
/// Changes go one at a time, in the order they were made; one row per key holds the key's last intent, so what is
/// sent is that intent alone. A change is marked as begun before it is sent, and removed after its origin took it
/// only while no newer intent replaced it, so a kill at any moment leaves it waiting (it is sent again, which
/// changes nothing when the change is idempotent at its origin, as setting a value is) and an intent made
/// meanwhile, in any process, is never lost. A change whose origin would not be idempotent needs a request id the
/// origin deduplicates by, recorded with the change.
public struct ChangeOutbox: Sendable {
  private let table: ChangeTable
  private let senders: [ChangeSender]
  private let clock: any AppClock
  private let pause: @Sendable (Duration) async -> Void

  /// Creates the outbox of `database`, sending through `senders`; `pause` waits between two tries of a change.
  public init(
    database: Database, senders: [ChangeSender], clock: any AppClock = SystemClock(),
    pause: @escaping @Sendable (Duration) async -> Void = { try? await Task.sleep(for: $0) }
  ) {
    table = ChangeTable(database: database)
    self.senders = senders
    self.clock = clock
    self.pause = pause
  }

  /// Every waiting change, in the order they were made, with its summary.
  public func waiting() async throws -> [(change: PendingChange, summary: String)] {
    try await table.all().map { ($0, summary(of: $0)) }
  }

  /// Drops, without sending them, the waiting changes of `key` (in every namespace), and the cached values they
  /// wrote, so that the next read asks the origin; answers each with its summary.
  public func discard(key: String) async throws -> [(change: PendingChange, summary: String)] {
    try await table.discard(key: key).map { ($0, summary(of: $0)) }
  }

  /// Sends every waiting change (only those of `namespace` and `key`, when given), each key once, trying a change
  /// that fails for a transient reason up to `tries` times, 1 s then 2 s apart (never before a rate limit's reset:
  /// that one waits for a later run). Returns a report per change, in order.
  ///
  /// - Throws: What the database throws; the reports so far are lost with it, the changes are not.
  public func send(tries: Int = 1, namespace: String? = nil, key: String? = nil) async throws -> [ChangeReport] {
    var reports: [ChangeReport] = []
    var done: Set<String> = []
    while let change = try await table.all(namespace: namespace, key: key).first(where: {
      !done.contains(Self.identity($0))
    }) {
      done.insert(Self.identity(change))
      if let report = try await send(change, tries: tries) { reports.append(report) }
    }
    return reports
  }

  /// Sends the key's last intent, starting with `change`; `nil` when nothing is left to send for the key (a newer
  /// intent brought it back to what the origin holds, or the change was discarded).
  ///
  /// The send holds the key (``ChangeTable/begin(_:sender:)``) until it ends, so no other send of the key, in
  /// this process or another, reaches the origin meanwhile; an intent made while it held the key is its to send
  /// next, after the one in flight, so the origin ends with the last intent.
  private func send(_ first: PendingChange, tries: Int) async throws -> ChangeReport? {
    var change = first
    func report(_ result: ChangeReport.Result) -> ChangeReport {
      ChangeReport(change: change, summary: summary(of: change), result: result)
    }
    guard let sender = senders.first(where: { $0.namespace == change.namespace }) else {
      return report(.waits(ChangeError.noSender(namespace: change.namespace)))
    }
    guard sender.origin == change.origin else { return report(.waits(ChangeError.otherOrigin(change.origin))) }
    guard sender.tokenHash == change.tokenHash else { return report(.waits(ChangeError.otherToken)) }
    let me = ChangeTable.newSender()
    do {
      return try await send(&change, as: me, through: sender, tries: tries)
    } catch {
      // The database failed: the key is let go of, for the next send to take.
      try? await table.release(change, sender: me)
      throw error
    }
  }

  /// The loop of ``send(_:tries:)``, holding the key as `me`.
  private func send(
    _ change: inout PendingChange, as me: String, through sender: ChangeSender, tries: Int
  ) async throws -> ChangeReport? {
    let first = change
    func report(_ result: ChangeReport.Result, _ change: PendingChange) -> ChangeReport {
      ChangeReport(change: change, summary: summary(of: change), result: result)
    }
    func newer() async throws -> PendingChange? {
      try await table.waiting(
        namespace: first.namespace, origin: first.origin, tokenHash: first.tokenHash, key: first.key)
    }
    var attempt = 1
    var lastSent: ChangeReport?
    while true {
      switch try await table.begin(change, sender: me) {
      case .begun: break
      case .busy: return report(.waits(ChangeError.beingSent), change)
      case .replaced:
        guard let next = try await newer() else { return lastSent }
        change = next
        continue
      }
      switch await sender.deliver(change) {
      case .delivered:
        if try await table.delivered(change) {
          await sender.settled(change)
          return report(.sent, change)
        }
        // A newer intent arrived while this one was in flight: it goes now, after it.
        lastSent = report(.sent, change)
        guard let next = try await newer() else { return lastSent }
        change = next
        attempt = 1
      case .refused(let error):
        if try await table.undo(change) {
          await sender.settled(change)
          return report(.refused(error), change)
        }
        // The origin refused an intent that a newer one replaced meanwhile: the newer one is still to send.
        guard let next = try await newer() else { return report(.refused(error), change) }
        change = next
        attempt = 1
      case .failed(let error, let retryAt):
        try await table.failed(change, reason: "\(error)", sender: me)
        let limited = retryAt.map { $0 > clock.now() } ?? false
        guard attempt < tries, !limited else { return report(.waits(error), change) }
        await pause(.seconds(attempt))
        attempt += 1
        change = try await newer() ?? change
      }
    }
  }

  private func summary(of change: PendingChange) -> String {
    senders.first { $0.namespace == change.namespace }?.describe(change) ?? "\(change.namespace) \(change.key)"
  }

  private static func identity(_ change: PendingChange) -> String {
    "\(change.namespace)\u{1F}\(change.origin)\u{1F}\(change.tokenHash)\u{1F}\(change.key)"
  }
}
