import Foundation

/// The wall clock of the machine.
public struct SystemClock: AppClock {
  /// Creates the system clock.
  public init() {}

  /// The current date and time of the system.
  public func now() -> Date { Date() }
}
