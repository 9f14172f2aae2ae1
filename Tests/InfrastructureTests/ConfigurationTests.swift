import Foundation
import Logging
import Testing

@testable import Infrastructure

@Suite struct ConfigurationTests {
  private static let home = ["HOME": "/home/ada"]

  private func configuration(_ extra: [String: String]) throws -> AppConfiguration {
    try AppConfiguration(environment: Self.home.merging(extra) { $1 })
  }

  @Test func defaults() throws {
    let configuration = try AppConfiguration(environment: Self.home)
    #expect(configuration.coursesAPIURL == nil)
    #expect(configuration.gitHubAPIURL.absoluteString == "https://api.github.com")
    #expect(configuration.gitHubToken == nil)
    #expect(configuration.homeDirectory.path == "/home/ada/.local/share/modular-app")
    #expect(configuration.logLevel == .warning)
    #expect(configuration.httpTimeout == .seconds(30))
  }

  @Test func httpTimeoutIsRead() throws {
    #expect(try configuration(["APP_HTTP_TIMEOUT": "2.5"]).httpTimeout == .milliseconds(2500))
    #expect(try configuration(["APP_HTTP_TIMEOUT": "600"]).httpTimeout == .seconds(600))
  }

  @Test func urlsAreRead() throws {
    let configuration = try configuration([
      "COURSES_API_URL": "http://127.0.0.1:8080/graphql",
      "GITHUB_API_URL": "https://ghe.example.com/api/v3",
    ])
    #expect(configuration.coursesAPIURL?.absoluteString == "http://127.0.0.1:8080/graphql")
    #expect(configuration.gitHubAPIURL.absoluteString == "https://ghe.example.com/api/v3")
  }

  @Test func homeDirectoryPrecedence() throws {
    #expect(try configuration(["XDG_DATA_HOME": "/data"]).homeDirectory.path == "/data/modular-app")
    #expect(
      try configuration(["XDG_DATA_HOME": "relative/data"]).homeDirectory.path
        == "/home/ada/.local/share/modular-app")
    #expect(try configuration(["XDG_DATA_HOME": "/data", "APP_HOME": "/srv/app"]).homeDirectory.path == "/srv/app")
    #expect(try configuration(["APP_HOME": "/srv/./app/../app2"]).homeDirectory.path == "/srv/app2")
    #expect(try AppConfiguration(environment: ["APP_HOME": "/srv/app"]).homeDirectory.path == "/srv/app")
  }

  @Test func tokenPrecedenceAndEmptyMeansUnset() throws {
    let both = try configuration(["GH_TOKEN": "gh-one", "GITHUB_TOKEN": "github-two"])
    #expect(both.gitHubToken?.authorizationHeaderValue() == "Bearer gh-one")
    let fallback = try configuration(["GH_TOKEN": "", "GITHUB_TOKEN": "github-two"])
    #expect(fallback.gitHubToken?.authorizationHeaderValue() == "Bearer github-two")
    #expect(try configuration(["GH_TOKEN": "", "GITHUB_TOKEN": ""]).gitHubToken == nil)
    let trimmed = try configuration(["GITHUB_TOKEN": "ghp_abc\n"])
    #expect(trimmed.gitHubToken?.authorizationHeaderValue() == "Bearer ghp_abc")
  }

  @Test(arguments: Logger.Level.allCases)
  func everyLogLevelIsAccepted(level: Logger.Level) throws {
    #expect(try configuration(["APP_LOG_LEVEL": level.rawValue]).logLevel == level)
    #expect(try configuration(["APP_LOG_LEVEL": level.rawValue.uppercased()]).logLevel == level)
  }

  @Test func emptyValuesMeanUnset() throws {
    let configuration = try configuration([
      "COURSES_API_URL": "", "GITHUB_API_URL": "", "APP_HOME": "", "APP_LOG_LEVEL": "", "XDG_DATA_HOME": "",
    ])
    #expect(configuration == (try AppConfiguration(environment: Self.home)))
  }

  struct BadValue: Sendable, CustomTestStringConvertible {
    let environment: [String: String]
    let message: String
    var testDescription: String { environment.keys.sorted().joined(separator: ",") + ": " + message }
  }

  static let badValues: [BadValue] = {
    let url = "an absolute http:// or https:// URL such as https://example.com/api"
    return [
      BadValue(
        environment: ["COURSES_API_URL": "ftp://example.com/graphql"],
        message: "COURSES_API_URL is set to \"ftp://example.com/graphql\", but it must be \(url). "
          + "Fix or unset COURSES_API_URL."),
      BadValue(
        environment: ["COURSES_API_URL": "/graphql"],
        message: "COURSES_API_URL is set to \"/graphql\", but it must be \(url). Fix or unset COURSES_API_URL."),
      BadValue(
        environment: ["COURSES_API_URL": "https://"],
        message: "COURSES_API_URL is set to \"https://\", but it must be \(url). Fix or unset COURSES_API_URL."),
      BadValue(
        environment: ["COURSES_API_URL": "https://exa mple.com"],
        message: "COURSES_API_URL is set to \"https://exa mple.com\", but it must be \(url). "
          + "Fix or unset COURSES_API_URL."),
      BadValue(
        environment: ["GITHUB_API_URL": "api.github.com"],
        message: "GITHUB_API_URL is set to \"api.github.com\", but it must be \(url). Fix or unset GITHUB_API_URL."),
      BadValue(
        environment: ["GITHUB_API_URL": "https://api.github.com\n"],
        message: "GITHUB_API_URL is set to \"https://api.github.com\\n\", but it must be \(url). "
          + "Fix or unset GITHUB_API_URL."),
      BadValue(
        environment: ["APP_LOG_LEVEL": "verbose"],
        message: "APP_LOG_LEVEL is set to \"verbose\", but it must be one of trace, debug, info, notice, warning, "
          + "error, critical. Fix or unset APP_LOG_LEVEL."),
      BadValue(
        environment: ["APP_HTTP_TIMEOUT": "0"],
        message: "APP_HTTP_TIMEOUT is set to \"0\", but it must be a number of seconds from 1 to 600. "
          + "Fix or unset APP_HTTP_TIMEOUT."),
      BadValue(
        environment: ["APP_HTTP_TIMEOUT": "soon"],
        message: "APP_HTTP_TIMEOUT is set to \"soon\", but it must be a number of seconds from 1 to 600. "
          + "Fix or unset APP_HTTP_TIMEOUT."),
      BadValue(
        environment: ["APP_HOME": "data/app"],
        message: "APP_HOME is set to \"data/app\", but it must be an absolute directory path such as /var/lib/app. "
          + "Fix or unset APP_HOME."),
      BadValue(
        environment: ["APP_HOME": "~/app"],
        message: "APP_HOME is set to \"~/app\", but it must be an absolute directory path such as /var/lib/app. "
          + "Fix or unset APP_HOME."),
      BadValue(
        environment: ["HOME": "relative"],
        message: "HOME is set to \"relative\", but it must be an absolute directory path such as /var/lib/app. "
          + "Fix or unset HOME."),
      BadValue(
        environment: ["HOME": ""],
        message: "Cannot tell where to keep the app's data: HOME is not set. "
          + "Set APP_HOME (or XDG_DATA_HOME, or HOME) to an absolute directory path."),
      BadValue(
        environment: ["GH_TOKEN": "ghp_secret part"],
        message: "GH_TOKEN holds a token with spaces, line breaks or control characters. "
          + "Set it to the token alone, or unset it."),
      BadValue(
        environment: ["GITHUB_TOKEN": "ghp_secret\r\nX-Injected: 1"],
        message: "GITHUB_TOKEN holds a token with spaces, line breaks or control characters. "
          + "Set it to the token alone, or unset it."),
    ]
  }()

  @Test(arguments: badValues)
  func badValueIsReportedWithVariableValueAndExpectation(_ bad: BadValue) throws {
    let error = #expect(throws: ConfigurationError.self) {
      try AppConfiguration(environment: Self.home.merging(bad.environment) { $1 })
    }
    #expect(error?.description == bad.message)
    #expect(error?.localizedDescription == bad.message)
    #expect(error?.description.contains("secret") == false)
  }

  @Test func veryLongValuesAreCutShortInMessages() throws {
    let value = "ftp://" + String(repeating: "a", count: 1_000)
    let error = #expect(throws: ConfigurationError.self) { try configuration(["COURSES_API_URL": value]) }
    let description = try #require(error?.description)
    #expect(description.count < 400)
    #expect(description.contains("…"))
  }

  @Test func theConfigurationItselfNeverShowsTheToken() throws {
    let configuration = try configuration(["GH_TOKEN": "ghp_SECRET123"])
    var dumped = ""
    dump(configuration, to: &dumped)
    for text in ["\(configuration)", String(reflecting: configuration), dumped] {
      #expect(!text.contains("SECRET"), "\(text)")
      #expect(text.contains(AccessToken.redacted), "\(text)")
    }
  }
}
