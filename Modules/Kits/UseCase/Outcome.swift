import Foundation

/// What every use case answers, up to the presenter: the content, where it came from, and why fresher content
/// could not be had.
///
/// One shape for every feature, so every presenter reads provenance the same way. When the origin failed but the
/// cache holds the content, the read answers that content ``keptBecause(_:)`` the failure (``ReadState`` does it
/// for every store read), and the presenter shows it as stale instead of failing; no presenter reads the cache
/// itself. The content's own fields read straight through (`outcome.items`).
@dynamicMemberLookup
public struct Outcome<Content: Sendable, Failure: Error>: Sendable {
  /// What the use case found.
  public var content: Content
  /// Where the content came from, when the origin gave it, and whether it may be out of date (older than the
  /// cache's time to live, or kept because a refresh failed).
  public var provenance: Provenance
  /// When the use case answered, on the app's clock: what ``age`` is measured at, so a screen says how old its
  /// content is on the same clock that dated it.
  public var answeredAt: Date
  /// Why the origin could not give fresher content, when the content was kept from the cache instead.
  public var refreshFailure: Failure?

  /// Creates an outcome; `refreshFailure` is `nil` for content as fresh as the cache policy asked.
  public init(_ content: Content, provenance: Provenance, answeredAt: Date, refreshFailure: Failure? = nil) {
    self.content = content
    self.provenance = provenance
    self.answeredAt = answeredAt
    self.refreshFailure = refreshFailure
  }

  /// How old the content was when the use case answered, in seconds (never negative).
  public var age: TimeInterval { provenance.age(at: answeredAt) }

  /// The same content, kept from the cache because the origin failed with `failure`: stale, whatever its age.
  public func keptBecause(_ failure: Failure) -> Self {
    var outcome = self
    outcome.provenance.isStale = true
    outcome.refreshFailure = failure
    return outcome
  }

  /// The outcome with its content transformed, and the same provenance, answer time and refresh failure.
  public func map<NewContent: Sendable>(_ transform: (Content) -> NewContent) -> Outcome<NewContent, Failure> {
    Outcome<NewContent, Failure>(
      transform(content), provenance: provenance, answeredAt: answeredAt, refreshFailure: refreshFailure)
  }

  /// A field of the content.
  public subscript<Value>(dynamicMember keyPath: KeyPath<Content, Value>) -> Value {
    content[keyPath: keyPath]
  }

  /// A field of the content, to change it in place (a related section filled in once the content is read).
  public subscript<Value>(dynamicMember keyPath: WritableKeyPath<Content, Value>) -> Value {
    get { content[keyPath: keyPath] }
    set { content[keyPath: keyPath] = newValue }
  }
}

extension Outcome: Equatable where Content: Equatable, Failure: Equatable {}

extension Outcome: Hashable where Content: Hashable, Failure: Hashable {}
