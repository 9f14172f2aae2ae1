import Foundation
import Infrastructure
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

  /// Classifies `error`, thrown below the use cases; `courseID` names the course a cache miss was about.
  public init(_ error: any Error, courseID: String? = nil) {
    switch error {
    case let error as CoursesFailure: self = error
    case StoreError.notCached: self = courseID.map(CoursesFailure.courseNotCached) ?? .notCached
    case HTTPError.trustSetting(let problem), GraphQLError.http(.trustSetting(let problem)):
      self = .configuration(problem.description)
    case let error as StorageError: self = .storage("\(error)")
    case GraphQLError.server:
      self = .originFailed("\(error)")
    // The origin's own failure is worded with the hint the presenter gives it, not the HTTP layer's advice.
    case GraphQLError.http(let status) where status.isOriginFailure:
      self = .originFailed(status.statement)
    case let status as HTTPError where status.isOriginFailure:
      self = .originFailed(status.statement)
    case let error as GraphQLError: self = .originUnusable("\(error)")
    case let error as HTTPError: self = .originUnreachable("\(error)")
    case let error as ConfigurationError: self = .configuration("\(error)")
    default: self = .other("\(error)")
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

extension HTTPError {
  /// Whether the origin answered that it failed or is busy (429 or 5xx): its address and the network are fine.
  fileprivate var isOriginFailure: Bool {
    guard case .status(let code, _, _) = self else { return false }
    return code == 429 || (500...599).contains(code)
  }
}
