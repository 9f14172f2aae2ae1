import Foundation
import Logging

/// The app's settings, read from the environment in one place.
///
/// - `COURSES_API_URL`: the Courses GraphQL endpoint, an absolute http(s) URL; unset means the bundled demo catalog.
/// - `GITHUB_API_URL`: the GitHub REST API base, an absolute http(s) URL; default `https://api.github.com`.
/// - `GH_TOKEN`, then `GITHUB_TOKEN`: the GitHub token; none by default.
/// - `APP_HOME`: the absolute directory holding the database; default `$XDG_DATA_HOME/modular-app`, else
///   `$HOME/.local/share/modular-app`.
/// - `APP_LOG_LEVEL`: trace, debug, info, notice, warning, error or critical (any case); default `warning`.
/// - `APP_HTTP_TIMEOUT`: seconds one HTTP request may take in all, 1 to 600; default 30.
///
/// A variable set to the empty string counts as unset.
public struct AppConfiguration: Sendable, Equatable {
  /// The GitHub API used when `GITHUB_API_URL` is unset.
  public static let defaultGitHubAPIURL =
    URL(string: "https://api.github.com") ?? URL(fileURLWithPath: "/")  // The literal is valid; `??` only types it.

  /// The name of the app's directory under the XDG data home.
  public static let directoryName = "modular-app"

  /// The Courses GraphQL endpoint; `nil` means the bundled demo catalog.
  public var coursesAPIURL: URL?
  /// The GitHub REST API base URL.
  public var gitHubAPIURL: URL
  /// The GitHub token, if one is set.
  public var gitHubToken: AccessToken?
  /// The directory that holds the app's database.
  public var homeDirectory: URL
  /// The lowest level of log messages that are written.
  public var logLevel: Logger.Level
  /// The total time one HTTP request may take, redirects included.
  public var httpTimeout: Duration

  /// The HTTP timeout used when `APP_HTTP_TIMEOUT` is unset.
  public static let defaultHTTPTimeout = Duration.seconds(30)

  /// Creates a configuration from explicit values.
  public init(
    coursesAPIURL: URL? = nil,
    gitHubAPIURL: URL = AppConfiguration.defaultGitHubAPIURL,
    gitHubToken: AccessToken? = nil,
    homeDirectory: URL,
    logLevel: Logger.Level = .warning,
    httpTimeout: Duration = AppConfiguration.defaultHTTPTimeout
  ) {
    self.coursesAPIURL = coursesAPIURL
    self.gitHubAPIURL = gitHubAPIURL
    self.gitHubToken = gitHubToken
    self.homeDirectory = homeDirectory
    self.logLevel = logLevel
    self.httpTimeout = httpTimeout
  }

  /// Reads the configuration from `environment` (usually `ProcessInfo.processInfo.environment`).
  ///
  /// - Throws: ``ConfigurationError`` naming the first variable whose value cannot be used.
  public init(environment: [String: String]) throws(ConfigurationError) {
    let reader = EnvironmentReader(environment: environment)
    let coursesAPIURL = try reader.httpURL("COURSES_API_URL")
    let gitHubAPIURL = try reader.httpURL("GITHUB_API_URL")
    var gitHubToken = try reader.token("GH_TOKEN")
    if gitHubToken == nil { gitHubToken = try reader.token("GITHUB_TOKEN") }
    let homeDirectory = try reader.homeDirectory(appending: Self.directoryName)
    let logLevel = try reader.logLevel("APP_LOG_LEVEL")
    let httpTimeout = try reader.seconds("APP_HTTP_TIMEOUT", in: 1...600)
    self.init(
      coursesAPIURL: coursesAPIURL,
      gitHubAPIURL: gitHubAPIURL ?? Self.defaultGitHubAPIURL,
      gitHubToken: gitHubToken,
      homeDirectory: homeDirectory,
      logLevel: logLevel ?? .warning,
      httpTimeout: httpTimeout.map { .milliseconds(Int(($0 * 1000).rounded())) } ?? Self.defaultHTTPTimeout
    )
  }
}
