import CoursesRepository
import CoursesUseCase
import Foundation
import Infrastructure
import Presenter
import Repository
import UseCase

/// Turns what went wrong while loading Courses data into what the user reads.
public enum CoursesErrorMessages {
  /// The hint for failures of the origin.
  static let originHint =
    "Check COURSES_API_URL and your network, then retry; `app courses --offline` shows what is cached."

  /// The user-facing form of `error`.
  public static func userFacing(_ error: any Error) -> UserFacingError {
    switch error {
    case let error as CoursesError:
      switch error {
      case .courseNotFound(let id):
        return UserFacingError(
          title: "course not found: \(oneLine(id))",
          hint: "Check the id; `app courses` shows every course's id before its title.")
      case .courseNotCached(let id):
        return UserFacingError(
          title: "course \(oneLine(id)) is not in the cache",
          hint: "Run `app courses` online (without --offline) first; any course it shows is then cached.")
      }
    case is StoreError:
      return UserFacingError(
        title: "the Courses data is not in the cache",
        hint: "Run `app courses` online (without --offline) first to fill the cache.")
    case let error as StorageError:
      return UserFacingError(
        title: "the app database cannot be used: \(error)",
        hint: "Check APP_HOME (the directory must be writable by you).")
    case let error as GraphQLError:
      return UserFacingError(title: "the Courses API could not be used: \(error)", hint: originHint)
    case let error as HTTPError:
      return UserFacingError(title: "the Courses API could not be reached: \(error)", hint: originHint)
    case let error as ConfigurationError:
      return UserFacingError(title: "\(error)", hint: "See `app --help` for the environment variables.")
    default:
      return UserFacingError(title: oneLine("\(error)"), hint: originHint)
    }
  }

  /// `text` on one line, without control characters.
  static func oneLine(_ text: String) -> String {
    String(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : Character($0) })
  }
}
