import Foundation
import UseCase

/// A use case's answer: the content, where it came from, and why it may be out of date.
public struct SearchOutcome<Content: Sendable>: Sendable {
  /// The content.
  public var content: Content
  /// Where it came from, when GitHub gave it, and whether it may be out of date (older than the cache's time to
  /// live, or shown because a refresh failed).
  public var provenance: Provenance
  /// How old it was when it was answered, in seconds.
  public var age: TimeInterval
  /// Why fresher content could not be fetched, when the cache was used instead.
  public var refreshFailure: SearchFailure?

  /// The outcome for content the store fell back to because GitHub failed with `failure`.
  public func keptBecause(_ failure: SearchFailure) -> SearchOutcome {
    var outcome = self
    outcome.provenance.isStale = true
    outcome.refreshFailure = failure
    return outcome
  }

  /// Creates an outcome.
  public init(content: Content, provenance: Provenance, age: TimeInterval, refreshFailure: SearchFailure? = nil) {
    self.content = content
    self.provenance = provenance
    self.age = age
    self.refreshFailure = refreshFailure
  }
}

extension SearchOutcome: Equatable where Content: Equatable {}
