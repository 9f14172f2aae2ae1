import Foundation
import Repository

/// Where a use case's result came from and how old it is: what every cached result carries to its screen.
///
/// A use case builds it from the ``/Repository/StoreResponse`` it read; a result composed of several reads is one read
/// of them all (``Reading/combining(_:_:)``), whose answer says where the parts came from together.
public struct Provenance: Hashable, Sendable {
  /// Where the result came from.
  public var source: DataSource
  /// When the origin gave it (the oldest part, for a composed result).
  public var fetchedAt: Date
  /// Whether it may be out of date: older than the cache's time to live, or kept because a refresh failed.
  public var isStale: Bool
  /// Whether it is the user's change, which its origin has not taken yet (a change that waits to be sent).
  public var waitsForOrigin: Bool

  /// Creates a provenance.
  public init(source: DataSource, fetchedAt: Date, isStale: Bool = false, waitsForOrigin: Bool = false) {
    self.source = source
    self.fetchedAt = fetchedAt
    self.isStale = isStale
    self.waitsForOrigin = waitsForOrigin
  }

  /// The provenance of one store response: fetched now or read from the cache, whether it is stale, and whether it
  /// waits for its origin.
  public init<Value>(_ response: StoreResponse<Value>) {
    self.init(
      source: response.source, fetchedAt: response.fetchedAt, isStale: response.isStale,
      waitsForOrigin: response.waitsForOrigin)
  }

  /// The provenance of a write's answer, or of the user's own data: what `source` says (`.network` when an origin
  /// took the write, `.local` when the app's own database did), as of `date`, never stale.
  public static func written(to source: DataSource, at date: Date) -> Provenance {
    Provenance(source: source, fetchedAt: date)
  }

  /// How old the result is at `now`, in seconds (never negative).
  public func age(at now: Date) -> TimeInterval {
    max(0, now.timeIntervalSince(fetchedAt))
  }
}
