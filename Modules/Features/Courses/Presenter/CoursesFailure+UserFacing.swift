import CoursesUseCase
import Foundation
import Presenter
import UseCase

/// What the user reads of what went wrong while loading Courses data (the kit makes it one line where it is shown).
extension CoursesFailure {
  /// What to check when the origin could not be reached or its answer not read.
  private static let originHint = "Check COURSES_API_URL and your network, then retry"
  /// What to do when the origin answered that it failed or is busy: the address and the network are fine.
  private static let originFailedHint = "The Courses API answered with an error of its own; try again later"

  /// The user-facing form of this failure, for data read from `catalog`.
  ///
  /// - Parameter offlineCommand: The command that shows the cached content, named in the hints of the origin's
  ///   failures when something is cached (`app courses show c01 --offline`); `nil` when nothing is.
  public func userFacing(catalog: CoursesCatalog = .api, offlineCommand: String? = nil) -> UserFacingError {
    let cached = offlineCommand.map { "; `\($0)` shows what is cached." } ?? "."
    switch self {
    case .courseNotFound(let id):
      return UserFacingError(
        title: "course not found: \(id)",
        hint: "Check the id; `app courses` shows every course's id before its title.")
    case .courseNotCached(let id):
      return UserFacingError(
        title: "course \(id) is not in the cache",
        hint: catalog.isDemo
          ? "Run `app courses` without --offline first (the bundled demo catalog needs no network); any course it "
            + "shows is then cached."
          : "Run `app courses` online (without --offline) first; any course it shows is then cached.")
    case .notCached:
      return UserFacingError(
        title: "the Courses data is not in the cache",
        hint: catalog.isDemo
          ? "Run `app courses` without --offline first to fill the cache; the bundled demo catalog needs no network."
          : "Run `app courses` online (without --offline) first to fill the cache.")
    case .storage(let text):
      return UserFacingError(
        // The database's own message says what to do.
        title: "the app database cannot be used: \(text)")
    case .originUnusable(let text):
      return UserFacingError(title: "the Courses API could not be used: \(text)", hint: Self.originHint + cached)
    case .originFailed(let text):
      return UserFacingError(title: "the Courses API failed: \(text)", hint: Self.originFailedHint + cached)
    case .originUnreachable(let text):
      return UserFacingError(title: "the Courses API could not be reached: \(text)", hint: Self.originHint + cached)
    case .configuration(let text):
      return UserFacingError(title: text, hint: "See `app help settings` for every setting and what it takes.")
    case .other(let text):
      return UserFacingError(title: text, hint: Self.originHint + cached)
    }
  }
}
