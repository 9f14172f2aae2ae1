import CoursesUseCase
import Foundation
import Presenter
import UseCase

/// Turns what went wrong while loading Courses data into what the user reads.
public enum CoursesErrorMessages {
  /// The hint for failures of the origin.
  static let originHint =
    "Check COURSES_API_URL and your network, then retry; `app courses --offline` shows what is cached."

  /// The user-facing form of `failure`.
  public static func userFacing(_ failure: CoursesError) -> UserFacingError {
    switch failure {
    case .courseNotFound(let id):
      return UserFacingError(
        title: "course not found: \(oneLine(id))",
        hint: "Check the id; `app courses` shows every course's id before its title.")
    case .courseNotCached(let id):
      return UserFacingError(
        title: "course \(oneLine(id)) is not in the cache",
        hint: "Run `app courses` online (without --offline) first; any course it shows is then cached.")
    case .notCached:
      return UserFacingError(
        title: "the Courses data is not in the cache",
        hint: "Run `app courses` online (without --offline) first to fill the cache.")
    case .storage(let text):
      return UserFacingError(
        title: "the app database cannot be used: \(text)",
        hint: "Check APP_HOME (the directory must be writable by you).")
    case .originUnusable(let text):
      return UserFacingError(title: "the Courses API could not be used: \(text)", hint: originHint)
    case .originUnreachable(let text):
      return UserFacingError(title: "the Courses API could not be reached: \(text)", hint: originHint)
    case .configuration(let text):
      return UserFacingError(title: text, hint: "See `app help settings` for every setting and what it takes.")
    case .other(let text):
      return UserFacingError(title: oneLine(text), hint: originHint)
    }
  }

  /// The user-facing form of an error that reached a presenter untyped: a use case's failure, or anything else.
  public static func userFacing(_ error: any Error) -> UserFacingError {
    userFacing(error as? CoursesError ?? .other("\(error)"))
  }

  /// `text` on one line, without control characters.
  static func oneLine(_ text: String) -> String {
    String(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : Character($0) })
  }
}
