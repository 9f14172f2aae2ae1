import Foundation
import Infrastructure
import Repository

/// The Courses feature's settings: the environment variables it reads, and how long its data stays fresh.
public enum CoursesSettings {
  /// How long fetched Courses data counts as fresh.
  public static let timeToLive = Duration.seconds(15 * 60)

  /// `COURSES_API_URL`: the Courses GraphQL endpoint; unset means the bundled demo catalog.
  public static let apiURL = Setting.httpURL(
    "COURSES_API_URL", meaning: "the Courses GraphQL endpoint (http or https)",
    defaultValue: "the bundled demo catalog")

  /// Every setting, for `app help settings`, `app --help` and the README.
  public static let all = [apiURL.info]
}
