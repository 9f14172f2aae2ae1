import Foundation
import Infrastructure
import Repository

/// The environment variables the Courses feature reads.
public enum CoursesSettings {
  /// `COURSES_API_URL`: the Courses GraphQL endpoint; unset means the bundled demo catalog.
  public static let apiURL = Setting.httpURL(
    "COURSES_API_URL", meaning: "the Courses GraphQL endpoint (http or https)",
    defaultValue: "the bundled demo catalog")

  /// Every setting, for `app help settings`, `app --help` and the README.
  public static let all = [apiURL.info]
}
