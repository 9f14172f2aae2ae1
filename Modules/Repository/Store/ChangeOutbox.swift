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
/// only while no newer intent replaced it, so a kill at any moment leaves it waiting (it is sent again: both
/// GitHub's `PUT` and `DELETE` of a star are idempotent, so a second delivery changes nothing) and an intent made
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
    var attempt = 1
    while true {
      guard try await table.begin(change) else {
        // A newer intent replaced it: that one is what to send now.
        guard
          let newer = try await table.waiting(
            namespace: change.namespace, origin: change.origin, tokenHash: change.tokenHash, key: change.key)
        else { return nil }
        change = newer
        continue
      }
      switch await sender.deliver(change) {
      case .delivered:
        try await table.delivered(change)
        await sender.settled(change)
        return report(.sent)
      case .refused(let error):
        try await table.undo(change)
        await sender.settled(change)
        return report(.refused(error))
      case .failed(let error, let retryAt):
        try await table.failed(change, reason: "\(error)")
        let limited = retryAt.map { $0 > clock.now() } ?? false
        guard attempt < tries, !limited else { return report(.waits(error)) }
        await pause(.seconds(attempt))
        attempt += 1
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
