import Foundation
import Repository

/// Everything a Courses use case can fail with. The origin's and the storage's own errors stop here, so the
/// presentation layers never see a type of the data layer.
public enum CoursesFailure: Error, Hashable, Sendable, CustomStringConvertible {
  /// No course has this id.
  case courseNotFound(String)
  /// Reading the cache only, no cached list holds this course id.
  case courseNotCached(String)
  /// Reading the cache only, the screen's data is not cached.
  case notCached
  /// The app's database could not be read or written.
  case storage(String)
  /// The Courses API answered, but not with data the app can use.
  case originUnusable(String)
  /// The Courses API answered that it failed or is busy: an HTTP 5xx or 429 status, or GraphQL errors.
  case originFailed(String)
  /// The Courses API could not be reached.
  case originUnreachable(String)
  /// A setting is wrong.
  case configuration(String)
  /// Anything else, described.
  case other(String)

  /// Classifies `error`, thrown below the use cases (``/Repository/DataFailure`` tells the kits' errors apart);
  /// `courseID` names the course a cache miss was about.
  public init(_ error: any Error, courseID: String? = nil) {
    if let error = error as? CoursesFailure {
      self = error
      return
    }
    switch DataFailure(error) {
    case .notCached: self = courseID.map(CoursesFailure.courseNotCached) ?? .notCached
    case .storage(let text): self = .storage(text)
    case .configuration(let text): self = .configuration(text)
    // The origin's own failure is worded with the hint the presenter gives it, not the HTTP layer's advice.
    case .originFailed(let text): self = .originFailed(text)
    case .originUnusable(let text): self = .originUnusable(text)
    case .originUnreachable(let text): self = .originUnreachable(text)
    case .changeHeld(_, let text), .changeWaits(let text), .other(let text): self = .other(text)
    }
  }

  /// Whether the course itself is the problem (unknown, or not cached), rather than the origin or the storage.
  public var concernsTheCourse: Bool {
    switch self {
    case .courseNotFound, .courseNotCached: true
    default: false
    }
  }

  /// A one-line message.
  public var description: String {
    switch self {
    case .courseNotFound(let id): "course not found: \(id)"
    case .courseNotCached(let id): "course \(id) is not in the cache"
    case .notCached: "the Courses data is not in the cache"
    case .storage(let text), .originUnusable(let text), .originFailed(let text), .originUnreachable(let text),
      .configuration(let text), .other(let text):
      text
    }
  }
}
