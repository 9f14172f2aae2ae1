import Foundation

/// A use case's answer: the content, where it came from, and why it may be out of date.
public struct SearchOutcome<Content: Sendable>: Sendable {
  /// The content.
  public var content: Content
  /// Whether it was read from the local cache instead of fetched from GitHub during this run.
  public var isFromCache: Bool
  /// Whether it may be out of date: older than the cache's time to live, or shown because a refresh failed.
  public var isStale: Bool
  /// When GitHub gave it.
  public var fetchedAt: Date
  /// How old it was when it was answered, in seconds.
  public var age: TimeInterval
  /// Why fresher content could not be fetched, when the cache was used instead.
  public var refreshFailure: SearchFailure?

  /// Creates an outcome.
  public init(
    content: Content, isFromCache: Bool, isStale: Bool, fetchedAt: Date, age: TimeInterval,
    refreshFailure: SearchFailure? = nil
  ) {
    self.content = content
    self.isFromCache = isFromCache
    self.isStale = isStale
    self.fetchedAt = fetchedAt
    self.age = age
    self.refreshFailure = refreshFailure
  }
}

extension SearchOutcome: Equatable where Content: Equatable {}
