import Repository
import UseCase

/// Courses' finder when one of Courses' settings cannot be used: every lookup fails with `reason`, so a screen
/// that shows related courses is whole without them and says why in one note.
public struct UnusableCourseFinder: CourseFinder {
  /// Why the courses cannot be looked up: the setting's problem, one line.
  public let reason: String

  /// A finder that answers every lookup with `reason`.
  public init(reason: String) {
    self.reason = reason
  }

  /// Fails with ``reason``.
  public func courses(
    matchingAny terms: [String], limit: Int, policy: CachePolicy
  ) async throws(RelatedLookupFailure) -> [FoundCourse] {
    throw .failed(reason)
  }
}
