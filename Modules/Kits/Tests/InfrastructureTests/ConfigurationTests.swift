import Foundation
import Logging
import TestScheduling
import Testing

@testable import Infrastructure

@Suite(.untimed) struct ConfigurationTests {
  private static let home = ["HOME": "/home/ada"]

  private func configuration(_ extra: [String: String]) throws -> AppConfiguration {
    try AppConfiguration(environment: Self.home.merging(extra) { $1 })
  }

  @Test func defaults() throws {
    let configuration = try AppConfiguration(environment: Self.home)
    #expect(configuration.homeDirectory.path == "/home/ada/.local/share/modular-app")
    #expect(configuration.logLevel == .warning)
    #expect(configuration.httpTimeout == .seconds(30))
    #expect(configuration.relatedTimeout == .milliseconds(1500))
  }

  @Test func relatedTimeoutIsRead() throws {
    #expect(try configuration(["APP_RELATED_TIMEOUT": "2.5"]).relatedTimeout == .milliseconds(2500))
    #expect(try configuration(["APP_RELATED_TIMEOUT": "60"]).relatedTimeout == .seconds(60))
  }

  @Test func httpTimeoutIsRead() throws {
    #expect(try configuration(["APP_HTTP_TIMEOUT": "2.5"]).httpTimeout == .milliseconds(2500))
    #expect(try configuration(["APP_HTTP_TIMEOUT": "600"]).httpTimeout == .seconds(600))
  }

  @Test func homeDirectoryPrecedence() throws {
    #expect(try configuration(["XDG_DATA_HOME": "/data"]).homeDirectory.path == "/data/modular-app")
    #expect(
      try configuration(["XDG_DATA_HOME": "relative/data"]).homeDirectory.path
        == "/home/ada/.local/share/modular-app")
    #expect(try configuration(["XDG_DATA_HOME": "/data", "APP_HOME": "/srv/app"]).homeDirectory.path == "/srv/app")
    #expect(try configuration(["APP_HOME": "/srv/./app/../app2"]).homeDirectory.path == "/srv/app2")
    #expect(try configuration(["APP_HOME": "//srv//app//"]).homeDirectory.path == "/srv/app")
    #expect(try configuration(["APP_HOME": "/srv/.app/"]).homeDirectory.path == "/srv/.app")
    #expect(
      try configuration(["APP_HOME": "/srv/app/"]).homeDirectory.appendingPathComponent("app.sqlite").path
        == "/srv/app/app.sqlite")
    #expect(try AppConfiguration(environment: ["APP_HOME": "/srv/app"]).homeDirectory.path == "/srv/app")
  }

  @Test(arguments: Logger.Level.allCases)
  func everyLogLevelIsAccepted(level: Logger.Level) throws {
    #expect(try configuration(["APP_LOG_LEVEL": level.rawValue]).logLevel == level)
    #expect(try configuration(["APP_LOG_LEVEL": level.rawValue.uppercased()]).logLevel == level)
  }

  @Test func emptyValuesMeanUnset() throws {
    let configuration = try configuration([
      "APP_HOME": "", "APP_LOG_LEVEL": "", "APP_HTTP_TIMEOUT": "", "XDG_DATA_HOME": "",
    ])
    #expect(configuration == (try AppConfiguration(environment: Self.home)))
  }

  struct BadValue: Sendable, CustomTestStringConvertible {
    let environment: [String: String]
    let message: String
    var testDescription: String { environment.keys.sorted().joined(separator: ",") + ": " + message }
  }

  static let badValues: [BadValue] = {
    [
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
        environment: ["APP_RELATED_TIMEOUT": "0.5"],
        message: "APP_RELATED_TIMEOUT is set to \"0.5\", but it must be a number of seconds from 1 to 60. "
          + "Fix or unset APP_RELATED_TIMEOUT."),
      BadValue(
        environment: ["APP_HOME": "data/app"],
        message: "APP_HOME is set to \"data/app\", but it must be an absolute directory path such as /var/lib/app. "
          + "Fix or unset APP_HOME."),
      BadValue(
        environment: ["APP_HOME": "~/app"],
        message: "APP_HOME is set to \"~/app\", but it must be an absolute directory path such as /var/lib/app. "
          + "Fix or unset APP_HOME."),
      BadValue(
        environment: ["APP_HOME": "/srv/a\0b"],
        message: "APP_HOME is set to \"/srv/a\\0b\", but it must be an absolute directory path such as "
          + "/var/lib/app. Fix or unset APP_HOME."),
      BadValue(
        environment: ["HOME": "relative"],
        message: "HOME is set to \"relative\", but it must be an absolute directory path such as /var/lib/app. "
          + "Fix or unset HOME."),
      BadValue(
        environment: ["HOME": ""],
        message: "Cannot tell where to keep the app's data: HOME is not set. "
          + "Set APP_HOME (or XDG_DATA_HOME, or HOME) to an absolute directory path."),
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
}
