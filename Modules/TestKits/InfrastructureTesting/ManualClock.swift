import Foundation
import Infrastructure
import Synchronization

/// A clock that only moves when told to, for tests.
public final class ManualClock: AppClock {
  private let current: Mutex<Date>

  /// Creates a clock standing at `start` (by default 2023-11-14 22:13:20 UTC, a whole second).
  public init(_ start: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
    current = Mutex(start)
  }

  /// The date the clock stands at.
  public func now() -> Date {
    current.withLock { $0 }
  }

  /// Moves the clock to `date` (also backwards).
  public func set(_ date: Date) {
    current.withLock { $0 = date }
  }

  /// Moves the clock forward by `seconds` (backward when negative).
  public func advance(by seconds: TimeInterval) {
    current.withLock { $0 = $0.addingTimeInterval(seconds) }
  }
}
