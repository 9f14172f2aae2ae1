import Foundation

/// Tells the current time; injected wherever the time matters so tests can control it.
public protocol AppClock: Sendable {
  /// The current date and time.
  func now() -> Date
}
